/**
 * What each behavior accepts, as data, so the walker in behaviors-validator.ts can build Mountebank's
 * messages (`<behavior> behavior "<path>" field <problem>`). The facts (required fields, types, enums,
 * the "representing …" wording) are those of mb 2.9.1's `behaviors.js` validation table.
 */

export type ValueKind = "string" | "number" | "object";

/** Extra checks once a value has an allowed kind; at most one message is reported, in this order. */
export interface KindRule {
  singleKeyOnly?: boolean;
  /** Allowed values; for an object, its first key is what must be one of them. */
  oneOf?: readonly string[];
  nonNegative?: boolean;
}

export interface FieldSpec {
  required: boolean;
  /** Kinds in the order the type message lists them. */
  kinds: ReadonlyArray<readonly [ValueKind, KindRule]>;
  representing?: string;
  /** Sub-fields, addressed by their full dotted path from the behavior's value. */
  fields?: Readonly<Record<string, FieldSpec>>;
}

/**
 * A behavior is either one field (its value is checked directly, e.g. `wait`) or a group whose
 * sub-fields are checked inside its value (e.g. `copy`), with paths starting afresh at the group.
 */
export type BehaviorSpec = { field: FieldSpec } | { group: Readonly<Record<string, FieldSpec>> };

const from: FieldSpec = {
  required: true,
  kinds: [
    ["string", {}],
    ["object", { singleKeyOnly: true }],
  ],
  representing: "the request field to select from",
};

const into: FieldSpec = {
  required: true,
  kinds: [["string", {}]],
  representing: "the token to replace in response fields",
};

const using: FieldSpec = {
  required: true,
  kinds: [["object", {}]],
  fields: {
    method: { required: true, kinds: [["string", { oneOf: ["regex", "xpath", "jsonpath"] }]] },
    selector: { required: true, kinds: [["string", {}]] },
  },
};

const csv: FieldSpec = {
  required: false,
  kinds: [["object", {}]],
  fields: {
    path: { required: true, kinds: [["string", {}]], representing: "the path to the CSV file" },
    delimiter: { required: false, kinds: [["string", {}]], representing: "the delimiter separator values" },
    keyColumn: {
      required: true,
      kinds: [["string", {}]],
      representing: 'the column header to select against the "key" field',
    },
  },
};

export const BEHAVIOR_SPECS: Readonly<Record<string, BehaviorSpec>> = {
  wait: {
    field: {
      required: true,
      kinds: [
        ["string", {}],
        ["number", { nonNegative: true }],
      ],
    },
  },
  copy: { group: { from, into, using } },
  lookup: {
    group: {
      key: { required: true, kinds: [["object", {}]], fields: { from, using } },
      fromDataSource: {
        required: true,
        kinds: [["object", { singleKeyOnly: true, oneOf: ["csv"] }]],
        fields: { csv },
      },
      into,
    },
  },
  shellTransform: {
    field: {
      required: true,
      kinds: [["string", {}]],
      representing: "the path to a command line application",
    },
  },
  decorate: { field: { required: true, kinds: [["string", {}]], representing: "a JavaScript function" } },
};
