import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'cyan',
  primaryShade: 8,
  defaultRadius: 'md',
});
