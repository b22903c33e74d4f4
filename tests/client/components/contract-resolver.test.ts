// The one resolver of the client's forms: the contract's schema judges the form; without `rest` the submit handler
// gets the body as the server reads it, with `rest` (a master-detail form's lines) it gets the form's own values.
import { describe, expect, it } from 'vitest';
import type { FieldValues, ResolverOptions } from 'react-hook-form';
import { z } from 'zod';
import { amount, text } from '@shared/contract/common';
import { FIELD } from '@shared/messages';
import { contractResolver } from '@client/components/form-gate';

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<FieldValues>;

const head = z.object({ nombre: text(20), monto: amount });
const withLines = head.extend({ lineas: z.array(z.object({ id: z.number() })).min(1, FIELD.required) });

describe('contractResolver', () => {
  it('without rest: the handler receives the schema output (numbers parsed, texts trimmed)', async () => {
    const r = await contractResolver(head)({ nombre: '  Tractor ', monto: '12.50' }, undefined, options);
    expect(r.errors).toEqual({});
    expect(r.values).toEqual({ nombre: 'Tractor', monto: 12.5 });
  });

  it('without rest: the contract messages mark the fields', async () => {
    const r = await contractResolver(head)({ nombre: '', monto: 'x' }, undefined, options);
    expect(r.errors.nombre?.message).toBe(FIELD.required);
    expect(r.errors.monto?.message).toBe(FIELD.number);
    expect(r.values).toEqual({});
  });

  it('with rest: the lines kept outside the form are judged too', async () => {
    let lines: { id: number }[] = [];
    const resolver = contractResolver(withLines, () => ({ lineas: lines }));
    const refused = await resolver({ nombre: 'Tractor', monto: '3' }, undefined, options);
    expect(refused.errors.lineas?.message).toBe(FIELD.required);
    lines = [{ id: 1 }];
    const values = { nombre: ' Tractor', monto: '3' };
    const accepted = await resolver(values, undefined, options);
    expect(accepted.errors).toEqual({});
    // The form's own values, unchanged: not the output, which would carry the lines.
    expect(accepted.values).toBe(values);
  });
});
