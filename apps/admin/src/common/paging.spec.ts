import { pagerTexts } from './paging';

describe('paginación de las listas paginadas por la API', () => {
  it("'Página X de Y' y 'Mostrando N de total entradas'", () => {
    expect(pagerTexts(1, 20, 45, 'entradas')).toEqual({
      page: 'Página 1 de 3',
      shown: 'Mostrando 20 de 45 entradas',
      pages: 3,
    });
    expect(pagerTexts(3, 20, 45, 'entradas')).toEqual({
      page: 'Página 3 de 3',
      shown: 'Mostrando 5 de 45 entradas',
      pages: 3,
    });
  });

  it('sin resultados hay una página vacía', () => {
    expect(pagerTexts(1, 20, 0, 'registros')).toEqual({
      page: 'Página 1 de 1',
      shown: 'Mostrando 0 de 0 registros',
      pages: 1,
    });
  });
});
