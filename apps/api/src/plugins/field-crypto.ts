import fp from 'fastify-plugin';
import { createFieldCipher, type FieldCipher } from '../lib/field-crypto';

declare module 'fastify' {
  interface FastifyInstance {
    /** Seals and opens patient-identifying text stored in the database. */
    cipher: FieldCipher;
  }
}

export default fp(
  async (app) => {
    const { current, previous } = app.config.dataKeys;
    app.decorate('cipher', createFieldCipher(current, previous));
  },
  { name: 'field-crypto', dependencies: ['config'] },
);
