import type { z } from 'zod';

/** Who may call a service: anyone, a signed-in member (H5), or a platform operator (SSO). */
export type Audience = 'public' | 'member' | 'operator';

export interface ServiceContract<
  Name extends string = string,
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
> {
  name: Name;
  audience: Audience;
  request: Req;
  response: Res;
}

export function defineService<const Name extends string, Req extends z.ZodType, Res extends z.ZodType>(
  contract: ServiceContract<Name, Req, Res>,
): ServiceContract<Name, Req, Res> {
  return contract;
}

export type RequestOf<C> = C extends ServiceContract<string, infer Req, z.ZodType> ? z.input<Req> : never;
export type ResponseOf<C> = C extends ServiceContract<string, z.ZodType, infer Res> ? z.output<Res> : never;
