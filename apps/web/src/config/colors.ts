/**
 * Warning text (unsupported sentences, untranscribed audio). Mantine's orange 8 is 3.6:1 on
 * white, under WCAG AA (issue 14); the theme sets this variable to an orange-brown of 5.4:1.
 * Use as `c={WARNING_TEXT}`.
 */
export const WARNING_TEXT_VAR = '--clerkly-color-warning-text';
export const WARNING_TEXT = `var(${WARNING_TEXT_VAR})`;
