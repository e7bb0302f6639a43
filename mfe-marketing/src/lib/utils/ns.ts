/** This remote's i18n namespace in the page's one i18next. */
export const NS = 'marketing';
