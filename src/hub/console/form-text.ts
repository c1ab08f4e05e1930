/** A text field of a posted form ('' when absent or not text): the domain function checks it and says what is wrong. */
export const textField = (body: unknown, name: string): string => {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
};
