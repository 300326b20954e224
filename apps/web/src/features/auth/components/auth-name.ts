/** Splits 'Ada King Lovelace' into first name 'Ada' and last name 'King Lovelace' (sign-up has one Name field). */
export function splitName(name: string): { firstName: string; lastName: string } {
  const [firstName = '', ...rest] = name.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}
