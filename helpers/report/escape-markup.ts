/** Text in the reports' XML (JUnit) and HTML pages: the project's one sanitiser (spec/output-text.ts). */
export { escapeMarkup } from '../../spec/output-text.js';
