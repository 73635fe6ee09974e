import { dataProvider, WHOLE } from './dataProvider';
import { mapping } from './mappings';
import { readPageOrWhole, sortedPageQuery } from './sortedPaging';
import { memoryLocalStorage, serveJson, type FetchCall } from './fakeBrowser';

/** The lists the API pages, sorts and searches (docs/domain.md, "Lists at real sizes"): users and events. */
let calls: FetchCall[] = [];
const serve = (answer: (url: string) => unknown) => serveJson(calls, (call) => answer(call.url));
const urls = () => calls.map((call) => call.url);

memoryLocalStorage();

beforeEach(() => {
  calls = [];
});

describe('consulta de una página ordenada por la API', () => {
  const columns = ['lastName', 'email'];

  it('page, pageSize, sort y order en minúsculas, y la búsqueda', () => {
    expect(sortedPageQuery(3, 20, 'ana maría', { field: 'lastName', order: 'DESC' }, columns)).toBe(
      'page=3&pageSize=20&sort=lastName&order=desc&search=ana+mar%C3%ADa',
    );
    expect(sortedPageQuery(1, 20, '', { field: 'email', order: 'ASC' }, columns)).toBe(
      'page=1&pageSize=20&sort=email&order=asc',
    );
  });

  it('una columna que la API no ordena (o ninguna) deja el orden de la API', () => {
    expect(sortedPageQuery(1, 20, '', { field: 'roles', order: 'ASC' }, columns)).toBe('page=1&pageSize=20');
    expect(sortedPageQuery(1, 20, '', { field: '', order: 'ASC' }, columns)).toBe('page=1&pageSize=20');
    expect(sortedPageQuery(1, 20, '', undefined, columns)).toBe('page=1&pageSize=20');
  });

  it('una lectura entera (más de 100 filas) pide sin paginar', () => {
    expect(sortedPageQuery(1, 100_000, 'x', { field: '', order: 'ASC' }, columns)).toBe('search=x');
    expect(sortedPageQuery(1, 100, '', undefined, columns)).toBe('page=1&pageSize=100');
  });

  it('lee una página o la lista entera', () => {
    expect(readPageOrWhole({ items: [{ id: 1 }], totalCount: 41, totalPages: 3, page: 1, pageSize: 20 })).toEqual({
      data: [{ id: 1 }],
      total: 41,
    });
    expect(readPageOrWhole([{ id: 1 }, { id: 2 }])).toEqual({ data: [{ id: 1 }, { id: 2 }], total: 2 });
  });
});

describe('usuarios y eventos: paginados por la API', () => {
  it('los mapeos de users y events son paginados y ordenan solo por las columnas de la API', () => {
    const sort = { field: 'departmentName', order: 'ASC' as const };
    expect(mapping('users').paged?.query(2, 20, 'ana', sort)).toBe(
      'page=2&pageSize=20&sort=departmentName&order=asc&search=ana',
    );
    expect(mapping('events').paged?.query(2, 20, 'ana', sort)).toBe('page=2&pageSize=20&search=ana');
    expect(mapping('events').paged?.query(1, 20, '', { field: 'title', order: 'DESC' })).toBe(
      'page=1&pageSize=20&sort=title&order=desc',
    );
  });

  it('getList de usuarios pide una página a la API y da su total', async () => {
    serve(() => ({ items: [{ id: 'a' }, { id: 'b' }], totalCount: 214, totalPages: 11, page: 4, pageSize: 20 }));
    const { data, total } = await dataProvider.getList('users', {
      pagination: { page: 4, perPage: 20 },
      sort: { field: 'lastName', order: 'ASC' },
      filter: { q: ' garcía ' },
    });
    expect(urls()).toEqual(['/api/user?page=4&pageSize=20&sort=lastName&order=asc&search=garc%C3%ADa']);
    expect(data.map((u) => u.id)).toEqual(['a', 'b']);
    expect(total).toBe(214);
  });

  it('getList de eventos entera (los selectores de evento) sigue leyendo la lista entera', async () => {
    serve(() => [{ id: 3 }, { id: 1 }]);
    const { data, total } = await dataProvider.getList('events', WHOLE);
    expect(urls()).toEqual(['/api/events?']);
    expect(data.map((e) => e.id)).toEqual([3, 1]);
    expect(total).toBe(2);
  });
});
