export { type GeneratorInjector, generatePredicates, type PredicateGenerator } from "./generate.ts";
export {
  isBinaryResponse,
  type OutboundRequest,
  originAnswer,
  outboundRequest,
  withInjectedHeaders,
} from "./origin.ts";
export { type ProxyMode, proxyMode, type Recorded, recordProxyResponse, savedResponse } from "./record.ts";
