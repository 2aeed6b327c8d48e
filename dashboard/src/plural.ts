/** A count with its noun, singular for exactly one: "1 stub", "0 stubs", "2 stubs". */
export function pluralize(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
