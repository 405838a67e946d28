/** '$' plus the price, or 'Free' when the course has no price or a zero one (spec section 9). */
export function formatPrice(price: number | null): string {
  if (price === null || price <= 0) return 'Free';
  return `$${Number.isInteger(price) ? price : price.toFixed(2)}`;
}
