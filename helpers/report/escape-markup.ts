/** The markup characters as entities; `&apos;` is XML's and HTML5's both. */
const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/**
 * Text made safe in an element or a quoted attribute of the reports' XML (JUnit) and HTML pages:
 * the markup characters as entities, and control characters dropped (XML 1.0 refuses most of them;
 * tab, newline and carriage return stay), since a server's answer quoted in a report may hold any byte.
 */
export function escapeMarkup(text: string): string {
  return text
    .replace(/[&<>"']/g, (character) => ENTITIES[character] ?? character)
    .replace(/\p{Cc}/gu, (control) =>
      control === '\n' || control === '\t' || control === '\r' ? control : '',
    );
}
