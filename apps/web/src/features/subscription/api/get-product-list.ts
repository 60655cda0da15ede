import { API_PATHS, productListSchema, type ProductList } from '@clerkly/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

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
