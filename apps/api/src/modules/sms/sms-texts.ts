import type { VisitorLanguage } from '@evreg/contracts';

/** The texts of the SMS the system writes (promotion, reminder), per booking language (docs/domain.md, "Idiomas:
 * datos"). Spelt correctly: a letter outside GSM-7 (Catalan's 'ç', 'í') makes the SMS UCS-2, whose parts are
 * counted and costed as every SMS's are (smsSize). The event's title, date and time are added like a
 * notification's. */
export interface SmsTexts {
  promotion: string;
  reminder: string;
  reminderCancel: string;
}

export const SMS_TEXTS: Record<VisitorLanguage, SmsTexts> = {
  es: {
    promotion: 'Buenas noticias: ya tiene plaza. Ha pasado de la lista de espera a inscrito en',
    reminder: 'Recordatorio: tiene plaza en',
    reminderCancel: 'Si no puede asistir, libere su plaza:',
  },
  ca: {
    promotion: "Bones notícies: ja teniu plaça. Heu passat de la llista d'espera a inscrit a",
    reminder: 'Recordatori: teniu plaça a',
    reminderCancel: 'Si no hi podeu assistir, allibereu la plaça:',
  },
  eu: {
    promotion: 'Berri onak: plaza duzu. Itxarote-zerrendatik izena emandakoen artera pasatu zara hemen:',
    reminder: 'Gogorarazpena: plaza duzu hemen:',
    reminderCancel: 'Ezin bazara joan, utzi plaza libre:',
  },
  gl: {
    promotion: 'Boas noticias: xa ten praza. Pasou da lista de espera a inscrito en',
    reminder: 'Lembranza: ten praza en',
    reminderCancel: 'Se non pode asistir, libere a súa praza:',
  },
  en: {
    promotion: 'Good news: you have a place. You have moved from the waiting list to registered for',
    reminder: 'Reminder: you have a place at',
    reminderCancel: 'If you cannot attend, please free your place:',
  },
};

/** The texts of a booking language, Spanish for an unknown one. */
export const smsTextsFor = (language: string | null | undefined): SmsTexts =>
  SMS_TEXTS[(language ?? 'es') as VisitorLanguage] ?? SMS_TEXTS.es;
