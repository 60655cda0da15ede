import { describe, expect, it } from 'vitest';
import { namesClinicalContent } from './uncertainty';

describe('namesClinicalContent', () => {
  it('finds the medicine or body part in misheard talk', () => {
    expect(namesClinicalContent('You tick in a real guitar their putting some ibuprofen.')).toBe(
      true,
    );
    expect(namesClinicalContent('She has pain in her right knee.')).toBe(true);
    expect(namesClinicalContent('takes digoxin for atrial fibrillation')).toBe(true);
  });

  it('finds nothing clinical in misrecognised talk', () => {
    expect(
      namesClinicalContent(
        'There is where the over the inside of the rye and has not really killed at.',
      ),
    ).toBe(false);
    expect(namesClinicalContent('Ms Thompson presents today.')).toBe(false);
  });
});
