// The live journal and the near-miss answer, as the contract fixes them (packages/contract/src/journal-api.ts).
export {
  type ExplainAnswer,
  explainAnswerSchema as ExplainAnswerSchema,
  JOURNAL_EVENTS,
  JOURNAL_PATHS,
  type JournalEntry as JournalEvent,
  journalEntrySchema as JournalEventSchema,
  journalHelloSchema as HelloEventSchema,
  type NearMiss,
} from "@mockctl/contract/journal-api";
