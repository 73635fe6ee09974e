import { EVENT_STATUS, type AdminEvent } from '@evreg/contracts';
import { eventPayload, parsePrice } from '../../providers/requests';
import { eventFormValues, eventIdError, NEW_EVENT, priceError } from './eventRules';

describe('formulario de evento (especificación 5)', () => {
  const SAVED = {
    id: 7,
    title: 'T',
    description: '<p>D</p>',
    eventCategoryId: 2,
    country: 'Spain',
    city: 'Sevilla',
    address: '',
    place: 'Teatro',
    postalCode: '41001',
    status: 1,
    statusText: 'Live',
    isPublic: false,
    price: 3,
    organizerName: 'Ayto',
    organizerEmail: 'cultura@ayto.example.es',
    organizerPhone: null,
    organizerWebsite: 'https://ayto.example.es',
    organizerId: null,
    timeZone: 'Europe/Madrid',
    imageUrl: '/img/a.jpg',
    translations: {},
  } satisfies AdminEvent;

  it('id: requerido, entero mayor que 0', () => {
    expect(eventIdError('')).toBe('El id es requerido');
    expect(eventIdError('  ')).toBe('El id es requerido');
    expect(eventIdError('0')).toBe('El id debe ser un número entero mayor que 0');
    expect(eventIdError('-3')).toBe('El id debe ser un número entero mayor que 0');
    expect(eventIdError('1.5')).toBe('El id debe ser un número entero mayor que 0');
    expect(eventIdError('2147483648')).toBe('El id debe ser un número entero mayor que 0');
    expect(eventIdError(' 1042 ')).toBeUndefined();
  });

  it('precio: numérico, mínimo 0, en pasos de 0,01; vacío es gratis', () => {
    expect(priceError('')).toBeUndefined();
    expect(priceError('0')).toBeUndefined();
    expect(priceError('12.5')).toBeUndefined();
    expect(priceError('12,50')).toBeUndefined();
    const invalid = 'El precio debe ser un número mayor o igual que 0 con como máximo 2 decimales';
    expect(priceError('-1')).toBe(invalid);
    expect(priceError('1.234')).toBe(invalid);
    expect(priceError('gratis')).toBe(invalid);
    expect(priceError('7,555')).toBe(invalid);
    expect(priceError('1.23,5')).toBe(invalid);
  });

  it('precio con coma decimal (es-ES): 7,5 son 7,50 €, no 75; los puntos agrupan miles', () => {
    expect(parsePrice('7,5')).toBe(7.5);
    expect(parsePrice('1.234,50')).toBe(1234.5);
    expect(parsePrice('12.345.678,9')).toBe(12345678.9);
    expect(parsePrice('12.5')).toBe(12.5);
    expect(parsePrice(' 7,50 € ')).toBe(7.5);
    expect(parsePrice('')).toBe(0);
    expect(parsePrice('1.234')).toBeNull();
    expect(eventPayload({ ...NEW_EVENT, id: '1', title: 'T', city: 'C', price: '7,5' }, 'create').price).toBe(7.5);
    expect(eventPayload({ ...NEW_EVENT, id: '1', title: 'T', city: 'C', price: '1.234,50' }, 'create').price).toBe(
      1234.5,
    );
  });

  it('valores por defecto: España, Europe/Madrid, borrador, público, gratis', () => {
    expect(NEW_EVENT).toMatchObject({
      country: 'Spain',
      timeZone: 'Europe/Madrid',
      status: EVENT_STATUS.Draft,
      isPublic: true,
      price: '0',
    });
  });

  it('al crear envía el id y los campos recortados; lo que solo comprueba el servidor va como está', () => {
    const body = eventPayload(
      {
        ...NEW_EVENT,
        id: ' 1042 ',
        title: ' Concierto ',
        description: '<p>Hola</p>',
        city: 'Madrid',
        price: '12,50',
        country: '',
        timeZone: ' ',
      },
      'create',
    );
    expect(body).toEqual({
      id: 1042,
      title: 'Concierto',
      description: '<p>Hola</p>',
      eventCategoryId: undefined,
      country: 'Spain',
      city: 'Madrid',
      address: '',
      place: '',
      postalCode: '',
      status: 0,
      isPublic: true,
      price: 12.5,
      organizerName: '',
      organizerEmail: undefined,
      organizerPhone: undefined,
      organizerWebsite: undefined,
      timeZone: 'Europe/Madrid',
      imageUrl: undefined,
    });
    // JSON leaves out what is undefined: the server answers 'La categoría es requerida' on its field.
    expect(JSON.parse(JSON.stringify(body))).not.toHaveProperty('eventCategoryId');
  });

  it('al editar no envía el id y una imagen vacía se borra', () => {
    const event = SAVED;
    const values = eventFormValues(event);
    expect(values).toMatchObject({ id: '7', eventCategoryId: 2, price: '3', imageUrl: '/img/a.jpg', isPublic: false });
    const body = eventPayload({ ...values, imageUrl: '' }, 'edit');
    expect(body).not.toHaveProperty('id');
    expect(body).toMatchObject({ imageUrl: null, eventCategoryId: 2, status: 1, isPublic: false, price: 3 });
  });

  it('contacto del organizador: se edita como texto, se envía recortado y vacío lo borra al editar', () => {
    const event = eventFormValues(SAVED);
    expect(event).toMatchObject({
      organizerEmail: 'cultura@ayto.example.es',
      organizerPhone: '',
      organizerWebsite: 'https://ayto.example.es',
    });
    expect(
      eventPayload({ ...event, organizerEmail: '', organizerPhone: ' 954 000 000 ', organizerWebsite: ' ' }, 'edit'),
    ).toMatchObject({ organizerEmail: null, organizerPhone: '954 000 000', organizerWebsite: null });
    const created = eventPayload({ ...NEW_EVENT, organizerEmail: ' info@ayto.example.es ' }, 'create');
    expect(created).toMatchObject({ organizerEmail: 'info@ayto.example.es', organizerPhone: undefined });
  });
});
