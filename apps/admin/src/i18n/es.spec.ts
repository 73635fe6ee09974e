import englishMessages from 'ra-language-english';
import { esMessages } from './es';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [p, v] of leaves(value, path)) out.set(p, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('mensajes de react-admin en español', () => {
  const english = leaves(englishMessages as unknown as Tree);
  const spanish = leaves(esMessages as unknown as Tree);

  it('traduce cada clave de ra-language-english, sin dejar ninguna vacía', () => {
    const missing = [...english.keys()].filter((key) => !spanish.get(key)?.length);
    expect(missing).toEqual([]);
  });

  it('no añade claves ra.* que react-admin no tenga (una errata no traduciría nada)', () => {
    const extra = [...spanish.keys()].filter((key) => key.startsWith('ra.') && !english.has(key));
    expect(extra).toEqual([]);
  });

  it('conserva los marcadores %{...} y las formas de plural de cada mensaje', () => {
    const wrong = [...english].filter(([key, text]) => {
      const es = spanish.get(key) ?? '';
      return (
        placeholders(es).join() !== placeholders(text).join() || es.split('||||').length !== text.split('||||').length
      );
    });
    expect(wrong.map(([key]) => key)).toEqual([]);
  });

  it('ningún texto se queda en inglés: solo coinciden los que se escriben igual en español', () => {
    const same = [...english]
      .filter(([key, text]) => spanish.get(key) === text && text.trim().length > 1)
      .map(([key]) => key);
    expect(same.sort()).toEqual(
      [
        'ra.auth.email', // 'Email'
        'ra.boolean.false', // 'No'
        'ra.configurable.inspector.title', // 'Inspector'
        'ra.message.no', // 'No'
        'ra.page.dashboard', // 'Dashboard', the spec's own sidebar label
        'ra.page.edit', // only placeholders
        'ra.page.list',
        'ra.page.show',
      ].sort(),
    );
  });
});
