/**
 * The app bridge over HTTP, as an entry of its own: what the plugin adds to a webpack or Rspack development build
 * that runs under a dev server (the inspector's middleware answers it). Browser code.
 */
import { httpTransport, startBridge } from './client'

startBridge(httpTransport())
