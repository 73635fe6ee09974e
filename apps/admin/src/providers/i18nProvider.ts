import polyglotI18nProvider from 'ra-i18n-polyglot';
import { esMessages } from '../i18n/es';

/** Spanish only (spec: the interface is in Spanish). */
export const i18nProvider = polyglotI18nProvider(() => esMessages, 'es', [{ locale: 'es', name: 'Español' }]);
