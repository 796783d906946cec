/** Fills `{{name}}` in a catalog text (a mail's words, a share card's); an unknown name stays as written. */
export function fillText(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => String(values[name] ?? whole));
}
