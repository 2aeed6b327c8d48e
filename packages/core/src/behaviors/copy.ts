import type { Copy } from "../schemas/behavior.ts";
import type { MbRequest } from "../schemas/request.ts";
import type { IsResponse } from "../schemas/response.ts";
import { requestField } from "./request-field.ts";
import { selectValues } from "./select-values.ts";
import { replaceIndexedTokens } from "./tokens.ts";

/**
 * The copy behavior: selects values from a request field and replaces `config.into` tokens with them in
 * every string and key of the response. Unlike lookup, a failure (a malformed regex or xpath) is not
 * swallowed: Mountebank answers 500. Mutates and returns `response`.
 */
export function copy(request: MbRequest, response: IsResponse, config: Copy): IsResponse {
  const values = selectValues(requestField(request, config.from), config.using);
  replaceIndexedTokens(response, config.into, values);
  return response;
}
