// Usage is shared with the Subscription page, so it lives in src/lib (features never import
// each other); this file keeps the create-notes imports as they were.
export { usageQueryKey, useUsage } from '../../../lib/billing/usage';
