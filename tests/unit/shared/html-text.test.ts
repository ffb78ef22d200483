import { describe, expect, it } from 'vitest';
import { decodeHtmlText, escapeHtml } from '../../../shared/html-text.ts';

describe('HTML text', () => {
  it('escapes the five characters HTML and XML give meaning to, in text and in attribute values', () => {
    expect(escapeHtml(`<a href="x">Tom's & Jerry's</a>`)).toBe(
      '&#60;a href=&#34;x&#34;&#62;Tom&#39;s &#38; Jerry&#39;s&#60;/a&#62;',
    );
    expect(escapeHtml('Ледник Абрамова — 1 367 мм')).toBe('Ледник Абрамова — 1 367 мм');
  });

  it('reads back what it escaped, and what React writes', () => {
    const text = `«Тюрген-Аксуу» <b> & "quotes" 'apostrophes'`;
    expect(decodeHtmlText(escapeHtml(text))).toBe(text);
    expect(decodeHtmlText('Tom&#x27;s &amp; &lt;b&gt; &unknown; &#0;')).toBe("Tom's & <b> &unknown; &#0;");
  });
});
