// The live journal and the near-miss answer, as the contract fixes them (packages/contract/src/journal-api.ts).
export {
  type ExplainAnswer,
  explainAnswerSchema as ExplainAnswerSchema,
  JOURNAL_EVENTS,
  JOURNAL_PATHS,
  type JournalEntry as JournalEvent,
  type JournalStubs as StubsEvent,
  journalEntrySchema as JournalEventSchema,
  journalHelloSchema as HelloEventSchema,
  journalStubsSchema as StubsEventSchema,
  journalVersionSchema as VersionEventSchema,
  type NearMiss,
} from "@mockctl/contract/journal-api";
