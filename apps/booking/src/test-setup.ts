// Unit tests read the catalogs as the JSON a translator edits (no build step): messages are compiled on first use,
// in Spanish unless a test loads another language.
import MessageFormat from '@messageformat/core';
import es from './i18n/es.json';
import { loadLanguage, setMessageCompiler } from './i18n';

setMessageCompiler((lang, source) => new MessageFormat(lang).compile(source));
void loadLanguage('es', { ...es });
