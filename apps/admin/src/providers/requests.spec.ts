import { endOfDay, tokenRequest, webhookRequest } from './requests';

describe('request bodies: API tokens', () => {
  it('turns the form into the request: names from the ids, the end of the chosen day', () => {
    const request = tokenRequest({ name: '  Taquilla ', permissionIds: [18, 2], expiresOn: '2030-12-31' });
    expect(request.name).toBe('Taquilla');
    expect(request.permissions).toEqual(['Events.Read', 'Users.Read']);
    expect(request.expiresAt).toBe(new Date(2030, 11, 31, 23, 59, 59, 999).toISOString());
    expect(tokenRequest({ name: 'x', permissionIds: [1] }).expiresAt).toBeNull();
  });

  it('reads a day, refusing impossible ones', () => {
    expect(endOfDay('2030-02-28')?.getDate()).toBe(28);
    expect(endOfDay('2030-02-30')).toBeNull();
    expect(endOfDay('31/12/2030')).toBeNull();
  });
});

describe('request bodies: webhooks', () => {
  it('turns the form into the request: the URL trimmed, the events in catalogue order, active unless switched off', () => {
    expect(
      webhookRequest({ url: ' https://example.com/hook ', events: ['session.full', 'registration.created', 'otro'] }),
    ).toEqual({ url: 'https://example.com/hook', events: ['registration.created', 'session.full'], isActive: true });
    expect(webhookRequest({ url: 'https://example.com', events: [], isActive: false }).isActive).toBe(false);
  });
});
