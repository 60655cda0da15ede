import { PRODUCT_NAME } from '@clerkly/contracts';
import { useEffect } from 'react';

/** Sets the document title to "<page> | Clerkly" (spec point 2, e.g. "Login | Clerkly"). */
export function usePageTitle(page: string): void {
  useEffect(() => {
    document.title = `${page} | ${PRODUCT_NAME}`;
  }, [page]);
}
