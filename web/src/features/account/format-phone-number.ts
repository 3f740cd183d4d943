/** "+13125550100" → "+1 (312) 555-0100"; anything else as stored. */
export function formatPhoneNumber(phone: string): string {
  const match = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(phone);
  return match ? `+1 (${match[1]}) ${match[2]}-${match[3]}` : phone;
}
