/** The texts of a list the API pages (docs/product.md §2, Blacklist): 'Página X de Y' and 'Mostrando N de total …'. */
export function pagerTexts(
  page: number,
  perPage: number,
  total: number,
  noun: string,
): { page: string; shown: string; pages: number } {
  const pages = Math.max(1, Math.ceil(total / perPage));
  const current = Math.min(Math.max(1, page), pages);
  const shown = Math.max(0, Math.min(perPage, total - (current - 1) * perPage));
  return { page: `Página ${current} de ${pages}`, shown: `Mostrando ${shown} de ${total} ${noun}`, pages };
}
