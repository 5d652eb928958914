import { expect, test } from '@playwright/test';
import { escapeMarkup } from '../helpers/report/escape-markup.js';

/** The reports' one escaper: JUnit (the suite's, the triage's, the report card's) and the HTML pages. */
test.describe('text a server sent, written into a report', () => {
  test('the markup characters become entities, in element text and in quoted attributes alike', () => {
    expect(escapeMarkup(`<a href="x">Tom & Jerry's</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;',
    );
  });

  test('control characters are dropped (XML 1.0 refuses most); tab, newline and carriage return stay', () => {
    expect(escapeMarkup('a\u0000b\u0001c\u001bd\te\nf\rg\u007f')).toBe('abcd\te\nf\rg');
  });
});
