import { Injectable, OnModuleInit } from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { ACCESS_POLICY } from './auth.decorators';

/** Refuses to boot when a route declares no access policy (@Public or @Auth): a forgotten decorator must
 * never mean an open admin endpoint. */
@Injectable()
export class RoutePolicyCheck implements OnModuleInit {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  onModuleInit(): void {
    const missing: string[] = [];
    for (const wrapper of this.discovery.getControllers()) {
      const { instance, metatype } = wrapper;
      if (!instance || !metatype) continue;
      const prototype = Object.getPrototypeOf(instance);
      for (const name of this.scanner.getAllMethodNames(prototype)) {
        const handler = prototype[name];
        if (Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        if (!this.reflector.getAllAndOverride(ACCESS_POLICY, [handler, metatype]))
          missing.push(`${metatype.name}.${name}`);
      }
    }
    if (missing.length) throw new Error(`Rutas sin @Public() ni @Auth(): ${missing.join(', ')}`);
  }
}
