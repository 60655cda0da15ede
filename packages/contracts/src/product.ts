/** The product's name, used in page titles ("Login | Clerkly"), e-mails and logs. */
export const PRODUCT_NAME = 'Clerkly';
