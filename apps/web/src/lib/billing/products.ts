import { API_PATHS, formatPrice, productListSchema, type ProductList } from '@clerkly/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../api-client';

/** `GET /api/stripe/product-list` (spec point 7): the paid plans, or none with billing off. */
async function getProductList({ signal }: { signal?: AbortSignal } = {}): Promise<ProductList> {
  return productListSchema.parse(await apiClient.get(API_PATHS.productList, { signal }));
}

const productListQueryOptions = () =>
  queryOptions({
    queryKey: ['product-list'],
    queryFn: ({ signal }) => getProductList({ signal }),
    staleTime: 5 * 60_000,
  });

export const useProductList = () => useQuery(productListQueryOptions());

/** The plan a subscription is on, found by its Stripe price id (Subscription page and /payment). */
export function planOfPrice(list: ProductList | undefined, priceId: string | null) {
  if (!list || !priceId) return null;
  for (const [key, product] of Object.entries(list.products)) {
    const price = product.prices.find((candidate) => candidate.id === priceId);
    if (price) return { key, product, price, label: formatPrice(price) };
  }
  return null;
}
