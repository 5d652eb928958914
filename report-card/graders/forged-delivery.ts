// C6-02: the receiver refuses a delivery that does not carry the configured token: 401 or 403.
import { gradeDeliveries } from '../deliveries.js';

export const gradeForgedDelivery = gradeDeliveries(
  'forged',
  (status) => status === 401 || status === 403,
  '401 or 403',
);
