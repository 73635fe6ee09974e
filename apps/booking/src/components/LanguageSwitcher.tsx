import { VISITOR_LANGUAGE_NAMES, VISITOR_LANGUAGES, isVisitorLanguage } from '@evreg/contracts';
import { language, setLanguage, t } from '../i18n';

/** A labelled native select (keyboard and screen readers as usual), each language named in itself. */
export function LanguageSwitcher({ onChanged }: { onChanged: () => void }) {
  return (
    <header className="lang-bar">
      <label htmlFor="lang">{t('lang.label')}</label>
      <select
        id="lang"
        value={language()}
        onChange={(e) => {
          const lang = e.target.value;
          // A language that fails to load (connection lost) leaves the page as it was.
          if (isVisitorLanguage(lang)) setLanguage(lang).then(onChanged, () => undefined);
        }}
      >
        {VISITOR_LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>
            {VISITOR_LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </header>
  );
}
