import { descriptionExcerpt, descriptionText, sanitizeDescription } from './description';

describe('sanitizeDescription (allow-list of docs/product.md §2)', () => {
  it('keeps the allowed tags and link attributes', () => {
    const html =
      '<h1>T1</h1><h2>T2</h2><h3>T3</h3><h4>T4</h4><h5>T5</h5><h6>T6</h6><p>Un <strong>texto</strong> <em>con</em> <u>formato</u><br />y salto</p>' +
      '<ul><li>uno</li></ul><ol><li>dos</li></ol><p><a href="https://example.com/x?a=1&amp;b=2" target="_self" rel="author">web</a> <a href="mailto:info@example.com">correo</a> <a href="http://example.com">http</a> <a href="/programa">ruta</a></p>';
    expect(sanitizeDescription(html)).toBe(html);
  });

  it('drops scripts, styles and iframes with their content, other tags keeping their text', () => {
    expect(
      sanitizeDescription('<p>Hola<script>alert(1)</script></p><style>p{}</style><iframe src="https://x"></iframe>'),
    ).toBe('<p>Hola</p>');
    expect(
      sanitizeDescription(
        '<div><span>texto</span> <img src="x" onerror="alert(1)"><table><tr><td>celda</td></tr></table></div>',
      ),
    ).toBe('texto celda');
  });

  it('drops event handlers, styles, classes and any other attribute', () => {
    expect(
      sanitizeDescription(
        '<p onclick="alert(1)" style="color:red" class="x" id="y">a</p><a href="https://e.com" onmouseover="x()" title="t">b</a>',
      ),
    ).toBe('<p>a</p><a href="https://e.com">b</a>');
  });

  it('drops hrefs with other schemes (javascript:, data:, vbscript:, protocol-relative) but keeps the link text', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java&#09;script:alert(1)',
      'data:text/html,<b>x</b>',
      'vbscript:x',
      '//evil.example.com',
      'ftp://x.com',
    ]) {
      expect({ href, html: sanitizeDescription(`<a href="${href}">enlace</a>`) }).toEqual({
        href,
        html: '<a>enlace</a>',
      });
    }
  });

  it('adds rel="noopener noreferrer" to links opening a new tab, replacing any other rel', () => {
    expect(sanitizeDescription('<a href="https://e.com" target="_blank">x</a>')).toBe(
      '<a href="https://e.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeDescription('<a href="https://e.com" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://e.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeDescription('<a href="https://e.com" target="ventana">x</a>')).toBe('<a href="https://e.com">x</a>');
  });

  it('keeps text safe: escaped markup stays text, accents stay as they are', () => {
    expect(sanitizeDescription('<p>&lt;script&gt;alert(1)&lt;/script&gt; Año &amp; café</p>')).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt; Año &amp; café</p>',
    );
  });
});

describe('descriptionText and descriptionExcerpt (showExcerpt=true)', () => {
  it('reads the text with blocks and line breaks as spaces', () => {
    expect(descriptionText('<h1>Título</h1><p>Uno<br>dos &amp; tres</p><ul><li>a</li><li>b</li></ul>')).toBe(
      'Título Uno dos & tres a b',
    );
    expect(descriptionText('<p> </p><br>')).toBe('');
  });

  it('wraps a short text in one <p>, escaped', () => {
    expect(descriptionExcerpt('<p>Entrada <strong>libre</strong> &lt;hasta&gt; completar &amp; aforo</p>')).toBe(
      '<p>Entrada libre &lt;hasta&gt; completar &amp; aforo</p>',
    );
  });

  it('cuts a long text at a word at most 200 characters in, adding an ellipsis', () => {
    const words = Array.from({ length: 80 }, (_, i) => `palabra${i}`).join(' ');
    const excerpt = descriptionExcerpt(`<p>${words}</p>`);
    const text = excerpt.slice(3, -4);
    expect(excerpt.startsWith('<p>') && excerpt.endsWith('…</p>')).toBe(true);
    expect(text.length).toBeLessThanOrEqual(201);
    expect(text.length).toBeGreaterThan(180);
    expect(words.startsWith(text.slice(0, -1))).toBe(true);
    expect(words.charAt(text.length - 1)).toBe(' ');
  });

  it('cuts a text without spaces at 200 characters', () => {
    expect(descriptionExcerpt(`<p>${'x'.repeat(300)}</p>`)).toBe(`<p>${'x'.repeat(200)}…</p>`);
  });
});
