import { describe, expect, it } from 'vitest';
import { prepareResponse, sanitizeRichText } from '../../server/upstream/sanitize.ts';

describe('rich text sanitizer', () => {
  it('strips scripts, event handlers, javascript: URLs and inline styles', () => {
    const dirty =
      '<p style="color:red" onclick="steal()">Hi<script>alert(1)</script></p><a href="javascript:alert(1)">x</a>' +
      '<img src="x" onerror="alert(1)"><iframe src="https://evil"></iframe>';
    const clean = sanitizeRichText(dirty);
    expect(clean).not.toMatch(/script|onclick|onerror|javascript:|style=|iframe/i);
    expect(clean).toContain('<p>Hi</p>');
  });

  it('keeps structure and safe links, opening external ones in a new tab', () => {
    const clean = sanitizeRichText('<h2>T</h2><ul><li><a href="https://wgms.ch">WGMS</a></li></ul>');
    expect(clean).toBe(
      '<h2>T</h2><ul><li><a href="https://wgms.ch" target="_blank" rel="noopener noreferrer">WGMS</a></li></ul>',
    );
  });

  it('sanitizes every rich-text field of a response, deep', () => {
    const out = prepareResponse('newsItem', {
      data: { title: '<b>t</b>', body: '<p onclick="x()">b</p>', related: [{ body: '<script>1</script>' }] },
    });
    expect(out).toEqual({ data: { title: '<b>t</b>', body: '<p>b</p>', related: [{ body: '' }] } });
  });
});
