// ejs 2.7.4 ships no types; the one call the renderer makes.
declare module "ejs" {
  export function render(template: string, data: Record<string, unknown>): string;
}
