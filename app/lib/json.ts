/** Free-form JSON: what a Mixed path stores (exit rules, snapshots, an audit entry's values) and what a page is sent of it. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
