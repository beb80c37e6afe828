/** Today in the browser's calendar, as an ISO day (the form's default; the server checks the organisation's). */
export const localToday = (): string => new Date().toLocaleDateString('en-CA');
