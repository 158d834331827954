// Generated from the server's OpenAPI document by `npm run api:types`: do not edit.
// Change the handler's Rust types (api/src) and run it again.

export interface paths {
  '/api/actualizar-estado-mudanza': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Cambiar el estado de una mudanza (personal) */
    put: {
      parameters: {
        query?: never;
        header?: {
          /** @description Clave del cambio (8 a 64 letras, cifras, '-' o '_'): repetida, responde lo mismo que la primera vez sin aplicarlo de nuevo (cabecera Idempotent-Replayed: true) */
          'Idempotency-Key'?: string;
          /** @description Hora del cambio en el dispositivo (RFC 3339, de los últimos 30 días) */
          'Occurred-At'?: string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['StatusBody'];
        };
      };
      responses: {
        /** @description The status changed: the log position to wait for on the live feed, and the move now. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['StatusChanged'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/actualizar-mudanza': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Editar una mudanza (empresario, admin) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['EditBody'];
        };
      };
      responses: {
        /** @description One move, staff view (without prices for workers), as stored (passed through). */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['OneMove'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/eventos': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Explorar el registro de eventos (admin) */
    get: {
      parameters: {
        query?: {
          /** @description The actor id in the metadata (an account's id, or a process name). */
          actor?: string;
          /** @description The position the previous page ended at: the next page continues past it in `orden`. */
          after?: number;
          /** @description Recorded at or after / before. */
          desde?: string;
          /** @description A stream id; ending in `*`, a prefix (`move-*`). */
          flujo?: string;
          hasta?: string;
          limit?: number;
          /** @description `desc` (newest first, the default) or `asc`. */
          orden?: string;
          rol?: string;
          tipo?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description A page of the log. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['EventPage'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/personal': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Cuentas del personal (admin) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['StaffList'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    /** Crear una cuenta de trabajador o gerente (admin) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['NewStaff'];
        };
      };
      responses: {
        /** @description One staff account after a change. */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['StaffChanged'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/personal/{id}/desactivar': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Desactivar una cuenta (admin) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description One staff account after a change. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['StaffChanged'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/personal/{id}/reactivar': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Reactivar una cuenta (admin) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description One staff account after a change. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['StaffChanged'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/personal/{id}/restablecer-password': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Dar una contraseña temporal (admin) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The temporary password, shown once to the admin to hand over. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TemporaryPassword'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/proyecciones': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Estado de las proyecciones (admin) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ProjectionsAnswer'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/proyecciones/{nombre}/reconstruir': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Reconstruir una proyección (admin) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          nombre: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['RebuildStarted'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/reconstruccion': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Progreso de la reconstrucción (admin) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['RebuildProgress'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/albaran/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** El albarán emitido de una mudanza (personal, y el cliente de la mudanza) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['WaybillAnswer'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/albaran/{id}/emitir': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Emitir el albarán de una mudanza, o el ya emitido (personal salvo auditor, y el cliente de la mudanza) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['WaybillAnswer'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/albaran/{id}/pdf': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** El albarán emitido en PDF (personal, y el cliente de la mudanza) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Correcto: JSON `{"success": true, …}`, o el archivo pedido. */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/analiticas': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Analíticas del periodo (empresario, admin, auditor) */
    get: {
      parameters: {
        query?: {
          periodo?: 'dia' | 'semana' | 'mes';
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description One figure per period, oldest first. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Analytics'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/asignar-trabajador': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Asignar un trabajador a una mudanza (empresario, admin) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['AssignBody'];
        };
      };
      responses: {
        /** @description One move, staff view (without prices for workers), as stored (passed through). */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['OneMove'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auditoria/mudanza/{id}/estado': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Estado de una mudanza en un instante (auditor, admin) */
    get: {
      parameters: {
        query?: {
          en?: string;
        };
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The move as it was at an instant, replayed from the log. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['StateAsOf'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auditoria/mudanza/{id}/historial': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Historial completo de una mudanza (auditor, admin) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /**
         * @description A move's history: every event of its stream and the events about it elsewhere, each with
         *     what it changed.
         */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['History'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auditoria/mudanza/{id}/historial.csv': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Exportar el historial en CSV (auditor, admin) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Correcto: JSON `{"success": true, …}`, o el archivo pedido. */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auditoria/mudanza/{id}/historial.json': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Exportar el historial en JSON (auditor, admin) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The history as a file (an attachment), with when it was exported. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['HistoryExport'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auditoria/mudanzas': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Buscar mudanzas (auditor, admin) */
    get: {
      parameters: {
        query?: {
          buscar?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Moves found, newest first. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['AuditSearch'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth-pay': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Acceder al pago con el nombre del cliente y la clave de pago */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['AuthPayBody'];
        };
      };
      responses: {
        /** @description Access granted: the payment session's id, for `/api/pagos/{id}`. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['PaymentAccess'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth-status': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Quién ha iniciado sesión */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['AuthStatus'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/autocomplete': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Sugerencias de direcciones */
    get: {
      parameters: {
        query?: {
          input?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Addresses that match what was typed. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Suggestions'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/calculate-price': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Calcular el precio orientativo de una mudanza */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      /**
       * @description POST /api/calculate-price's body (spec §3 'Price request'). The quote request's `moveDetails`
       *     reads into it too (its `elevator` is a boolean, this one's 1/0: both are accepted).
       */
      requestBody: {
        content: {
          'application/json': components['schemas']['PriceRequest'];
        };
      };
      responses: {
        /** @description The estimate, line by line, in euros. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['PriceAnswer'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/cambiar-password': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Cambiar la contraseña (con sesión) */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['PasswordChangeBody'];
        };
      };
      responses: {
        /** @description `{"success": true}`: done, nothing more to say. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Done'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/candidaturas': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Candidaturas recibidas (empresario, admin, auditor) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['JobApplications'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/candidaturas/{id}/cv': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Descargar el CV de una candidatura (empresario, admin, auditor) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Correcto: JSON `{"success": true, …}`, o el archivo pedido. */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/confirm-email': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Confirmar el correo con el código enviado */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['ConfirmBody'];
        };
      };
      responses: {
        /** @description The email confirmed and the account logged in. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Confirmed'];
          };
        };
        /** @description Código inválido (con los intentos que le quedan) o caducado. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['NotConfirmed'];
          };
        };
        /** @description El correo ya estaba confirmado. */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['NotConfirmed'];
          };
        };
        /** @description Demasiados intentos: hay que pedir otro código. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['NotConfirmed'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/contact-form': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Enviar un mensaje de contacto */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      /**
       * @description `POST /api/contact-form`, as web/src/lib/api.ts `ContactFormRequest` sends it. A missing
       *     field is an empty one (and gets its Spanish message); a missing consent is not given.
       */
      requestBody: {
        content: {
          'application/json': components['schemas']['ContactMessage'];
        };
      };
      responses: {
        /** @description A form received: its id. */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Received'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/crear-mudanza': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Crear una mudanza (empresario, admin) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['CreateBody'];
        };
      };
      responses: {
        /** @description The move created (or the one a repeated request already created), staff view. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Created'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/datos-de-empresa': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Datos de la empresa (empresario, admin, auditor) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The company's figures (spec §3 'Company data'). */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['CompanyData'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/debug/estado': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Salud del sistema (admin) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /**
         * @description The health of this process and what it depends on: every field is always sent (`null` when
         *     not known), so each is described as required.
         */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['SystemStatus'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/dev/outbox': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Correos enviados (solo en desarrollo local) */
    get: {
      parameters: {
        query?: {
          para?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The last emails written, newest first. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Outbox'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/eliminar-cuenta': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Eliminar la cuenta (cliente) */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['DeleteBody'];
        };
      };
      responses: {
        /** @description `{"success": true}`: done, nothing more to say. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Done'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/factura/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** La factura emitida de una mudanza (empresario, admin, auditor y el cliente de la mudanza) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['InvoiceAnswer'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/factura/{id}/emitir': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Emitir la factura de una mudanza, o la ya emitida (empresario, admin) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['InvoiceAnswer'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/factura/{id}/pdf': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** La factura emitida en PDF (empresario, admin, auditor y el cliente de la mudanza) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Correcto: JSON `{"success": true, …}`, o el archivo pedido. */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/forgot-password': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Pedir un enlace para restablecer la contraseña */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['EmailBody'];
        };
      };
      responses: {
        /** @description `{"success": true}`: done, nothing more to say. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Done'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/fotos/{move_id}/{photo_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Una foto de una mudanza (quien puede ver la mudanza) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          move_id: number;
          photo_id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Correcto: JSON `{"success": true, …}`, o el archivo pedido. */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/gestion/opiniones': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Todas las opiniones, para moderarlas (gerente, admin, auditor) */
    get: {
      parameters: {
        query?: {
          /** @description Only reviews in this state. */
          estado?: 'pendiente' | 'publicada' | 'oculta';
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ModerationList'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/get-calculated-stats': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Distancia y duración entre dos direcciones */
    get: {
      parameters: {
        query?: {
          destination?: string;
          origin?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The route between two addresses. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['RouteStats'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/live': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Canal en vivo (WebSocket) de cambios de estado y estadísticas */
    get: {
      parameters: {
        query?: {
          after?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description websocket upgrade */
        101: {
          headers: {
            connection?: 'upgrade';
            'sec-websocket-key'?: string;
            'sec-websocket-protocol'?: string;
            upgrade?: 'websocket';
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/login': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Iniciar sesión (clientes y gerencia) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['LoginBody'];
        };
      };
      responses: {
        /** @description A session started: who it is for. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['LoggedIn'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/logout': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Cerrar sesión */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description `{"success": true}`: done, nothing more to say. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Done'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mensajes-contacto': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Mensajes de contacto recibidos (empresario, admin, auditor) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ContactMessages'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mi-mudanza/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Una mudanza propia (cliente) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description A client's move with the booking conditions that apply to it. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['BookingAnswer'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mi-mudanza/{id}/confirmar': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Confirmar la reserva de una mudanza propia (cliente) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['BookingConfirmation'];
        };
      };
      responses: {
        /** @description A client's move with the booking conditions that apply to it. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['BookingAnswer'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mi-mudanza/{id}/detalles': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Completar los detalles de una mudanza propia (cliente) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      /** @description Every field is required: a field the form forgot must not silently blank what was there. */
      requestBody: {
        content: {
          'application/json': components['schemas']['BookingDetails'];
        };
      };
      responses: {
        /** @description A client's move with the booking conditions that apply to it. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['BookingAnswer'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mi-mudanza/{id}/pago': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Abrir el pago de su propia mudanza (cliente con sesión, sin clave) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Access granted: the payment session's id, for `/api/pagos/{id}`. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['PaymentAccess'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mi-mudanza/{id}/reclamacion': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** La reclamación de mi mudanza, o si aún puedo abrirla (cliente) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The client's claim page: their claim if they opened one, otherwise whether they still may. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['OwnClaim'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    /** Abrir una reclamación en los 7 días siguientes a la entrega: objetos, descripción y hasta 5 fotos (cliente) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      /** @description multipart/form-data */
      requestBody: {
        content: {
          'multipart/form-data': components['schemas']['ClaimForm'];
        };
      };
      responses: {
        /** @description The client's claim page: their claim if they opened one, otherwise whether they still may. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['OwnClaim'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mi-perfil': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Actualizar el perfil (cliente) */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['ProfileBody'];
        };
      };
      responses: {
        /** @description The profile saved: the account as it now is. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ProfileSaved'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mi-recomendacion': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Mi enlace de recomendación y cuántos amigos han llegado con él (cliente) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The client's link and its friends. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['MyReferral'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mis-datos': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Descargar mis datos, en JSON (cliente) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The export, as the file holds it. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['MyData'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mis-documentos': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Las facturas y albaranes de mis mudanzas (cliente) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['OwnDocuments'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mis-estadisticas': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Mis cifras: mudanzas realizadas, total pagado, valoración media y ahorro (cliente) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The client's figures. Money in cents, VAT included. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['CustomerStats'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mis-mudanzas': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Las mudanzas del cliente (cliente) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The client's moves, as the customer view stores them (passed through). */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['MyMoves'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mis-opiniones': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Mis opiniones y las mudanzas por valorar (cliente) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['OwnReviews'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mudanza/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Una mudanza, vista del personal */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description One move, staff view (without prices for workers), as stored (passed through). */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['OneMove'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mudanza/{id}/clave-pago': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Emitir una nueva clave de pago (empresario, admin) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The new payment key, as shown (`K7MQ-2XPA`). */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['NewPaymentKey'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mudanza/{id}/estado-objeto': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Anotar el estado de un objeto del albarán en la recogida o la entrega */
    post: {
      parameters: {
        query?: never;
        header?: {
          /** @description Clave del cambio (8 a 64 letras, cifras, '-' o '_'): repetida, responde lo mismo que la primera vez sin aplicarlo de nuevo (cabecera Idempotent-Replayed: true) */
          'Idempotency-Key'?: string;
          /** @description Hora del cambio en el dispositivo (RFC 3339, de los últimos 30 días) */
          'Occurred-At'?: string;
        };
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['ConditionBody'];
        };
      };
      responses: {
        /** @description The status changed: the log position to wait for on the live feed, and the move now. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['StatusChanged'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mudanza/{id}/firma': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Firmar el albarán en la recogida o la entrega: el cliente acepta los objetos y servicios listados; el operario también firma */
    post: {
      parameters: {
        query?: never;
        header?: {
          /** @description Clave del cambio (8 a 64 letras, cifras, '-' o '_'): repetida, responde lo mismo que la primera vez sin aplicarlo de nuevo (cabecera Idempotent-Replayed: true) */
          'Idempotency-Key'?: string;
          /** @description Hora del cambio en el dispositivo (RFC 3339, de los últimos 30 días) */
          'Occurred-At'?: string;
        };
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['SignatureBody'];
        };
      };
      responses: {
        /** @description The status changed: the log position to wait for on the live feed, and the move now. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['StatusChanged'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mudanza/{id}/firmas/{event}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** La imagen de una firma del albarán (personal y el cliente de la mudanza) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
          event: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Correcto: JSON `{"success": true, …}`, o el archivo pedido. */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mudanza/{id}/hito': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Registrar un hito del día del equipo: en camino, llegada al origen, carga terminada, llegada al destino (el trabajador asignado o el gerente) */
    post: {
      parameters: {
        query?: never;
        header?: {
          /** @description Clave del cambio (8 a 64 letras, cifras, '-' o '_'): repetida, responde lo mismo que la primera vez sin aplicarlo de nuevo (cabecera Idempotent-Replayed: true) */
          'Idempotency-Key'?: string;
          /** @description Hora del cambio en el dispositivo (RFC 3339, de los últimos 30 días) */
          'Occurred-At'?: string;
        };
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['MilestoneBody'];
        };
      };
      responses: {
        /** @description The status changed: the log position to wait for on the live feed, and the move now. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['StatusChanged'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mudanza/{id}/opinion': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Valorar una mudanza terminada, una vez (su cliente) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['ReviewBody'];
        };
      };
      responses: {
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ReviewSent'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mudanza/{id}/reembolso': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Reembolsar un pago (empresario, admin) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['RefundBody'];
        };
      };
      responses: {
        /** @description The refund recorded: the move now, staff view with prices. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Refunded'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mudanzas': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Una página de la lista del personal: filtros, búsqueda, orden, cursor y conteos por estado (empleado: sin precios) */
    get: {
      parameters: {
        query?: {
          /** @description The `siguiente` of the previous page, with the same `orden`. */
          cursor?: string;
          /** @description YYYY-MM-DD, inclusive, on `fecha_programada`. */
          desde?: string;
          /** @description pendiente | confirmada | en curso | finalizada | cancelada */
          estado?: string;
          /** @description pending | partial | paid (not for workers) */
          estado_pago?: string;
          /** @description YYYY-MM-DD, inclusive, on `fecha_programada`. */
          hasta?: string;
          /** @description `true`: with prices, for those who may see them. */
          include_price?: string;
          /** @description 1 to 100, default 50. */
          limite?: string;
          /** @description fecha (default) | -fecha | numero | -numero */
          orden?: string;
          /**
           * @description A move number (`5`, `#5`, `nº 5`), phone digits (6 or more), or words of the client's
           *     name, email, phone or the addresses; at most 100 characters.
           */
          q?: string;
          /** @description `yo` (the caller's moves), `sin_asignar`, or a worker's id. */
          trabajador?: string;
          /** @description normal | urgente */
          urgencia?: string;
          /** @description `proximas` (from 7 days before today, Europe/Madrid) | `todas` (default) */
          vista?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description One page of the staff list. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['MoveWindow'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/objetos': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Catálogo de objetos por categoría */
    get: {
      parameters: {
        query?: {
          categoria?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Objects of the catalogue. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Objects'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/objetos-catalogo': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Buscar en el catálogo de objetos */
    get: {
      parameters: {
        query?: {
          search?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Objects of the catalogue. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Objects'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/openapi.json': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Esta descripción OpenAPI */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': unknown;
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/opiniones': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Las opiniones publicadas y sus cifras */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['PublishedReviews'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/opiniones/{id}/moderar': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Publicar u ocultar una opinión con su motivo (gerente) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['ModerationBody'];
        };
      };
      responses: {
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Moderated'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/pagos/redsys/notificacion': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Notificación firmada de Redsys con el resultado de un pago */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      /** @description application/x-www-form-urlencoded */
      requestBody: {
        content: {
          'application/x-www-form-urlencoded': components['schemas']['RedsysNotification'];
        };
      };
      responses: {
        /** @description plain text */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'text/plain; charset=utf-8': unknown;
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/pagos/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Resumen y opciones de una sesión de pago (quien tenga su id) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description What a payment session is for and what can be paid now. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['PaymentSummary'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/pagos/{id}/redsys': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Formulario firmado para pagar en la página de Redsys */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['RedirectBody'];
        };
      };
      responses: {
        /** @description The form the page posts to the bank's payment page. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['RedsysForm'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/pagos/{id}/tarjeta': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Pagar con tarjeta (pasarela de pruebas) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['CardBody'];
        };
      };
      responses: {
        /** @description An authorised card payment (a refused one is a 402 `CardRefused`). */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['CardPaid'];
          };
        };
        /** @description El banco rechazó la tarjeta: `resultado` denegado, su motivo y el mensaje. */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['CardRefused'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/presupuestos': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Solicitudes de presupuesto (empresario, admin, auditor) */
    get: {
      parameters: {
        query?: {
          estado?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The inbox, as the projection stores it (passed through). */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Inbox'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/presupuestos/{id}/descartar': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Descartar una solicitud de presupuesto (empresario, admin) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The request set aside: its inbox entry now. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Discarded'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/reclamaciones': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Todas las reclamaciones, por plazo de respuesta */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ClaimList'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/reclamaciones/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Una reclamación junto a lo registrado de esos objetos en la recogida y la entrega */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['OneClaim'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/reclamaciones/{id}/fotos/{photo}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Una foto de una reclamación (su cliente y el personal de gestión) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
          photo: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Correcto: JSON `{"success": true, …}`, o el archivo pedido. */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/reclamaciones/{id}/respuesta': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Responder una reclamación: aceptada con importe, en parte o rechazada con motivo (gerente) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['AnswerBody'];
        };
      };
      responses: {
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['OneClaim'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/register': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Registrar una cuenta de cliente */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['RegisterBody'];
        };
      };
      responses: {
        /** @description An account created and logged in; its confirmation code is on its way. */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Registered'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/resend-code': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Reenviar el código de confirmación */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['EmailBody'];
        };
      };
      responses: {
        /** @description A new code sent. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['CodeSent'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/restablecer-password': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Comprobar un enlace de restablecimiento */
    get: {
      parameters: {
        query?: {
          token?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description A reset link that still works, and the account it is for. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ResetLink'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    /** Fijar una contraseña nueva con el enlace */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['ResetBody'];
        };
      };
      responses: {
        /** @description `{"success": true}`: done, nothing more to say. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Done'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/subir-foto': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Subir una foto de una mudanza (personal) */
    post: {
      parameters: {
        query?: never;
        header?: {
          /** @description Clave del cambio (8 a 64 letras, cifras, '-' o '_'): repetida, responde lo mismo que la primera vez sin aplicarlo de nuevo (cabecera Idempotent-Replayed: true) */
          'Idempotency-Key'?: string;
          /** @description Hora del cambio en el dispositivo (RFC 3339, de los últimos 30 días) */
          'Occurred-At'?: string;
        };
        path?: never;
        cookie?: never;
      };
      /** @description multipart/form-data */
      requestBody: {
        content: {
          'multipart/form-data': components['schemas']['UploadForm'];
        };
      };
      responses: {
        /** @description The photo stored, as the move's staff view lists it. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Uploaded'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/submit-quote-request': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Solicitar un presupuesto */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      /** @description `POST /api/submit-quote-request`, as web/src/lib/api.ts `QuoteRequest` sends it. */
      requestBody: {
        content: {
          'application/json': components['schemas']['QuoteRequest'];
        };
      };
      responses: {
        /** @description The request recorded. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Submitted'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/todas-las-mudanzas': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Todas las mudanzas, vista del personal (empleado: sin precios) */
    get: {
      parameters: {
        query?: {
          include_price?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['StaffMove'][];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/trabaja-con-nosotros': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Enviar una candidatura con su CV */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      /** @description multipart/form-data */
      requestBody: {
        content: {
          'multipart/form-data': components['schemas']['ApplicationForm'];
        };
      };
      responses: {
        /** @description A form received: its id. */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Received'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/trabajadores': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Trabajadores y su disponibilidad (empresario, admin) */
    get: {
      parameters: {
        query?: {
          fecha?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The active workers, by name, and whether each is already busy on the day asked about. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Workers'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/verificar-registro': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Verificar la cadena de hashes del registro (auditor, admin) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description What the walk over the log found. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['LogVerification'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/worker/login': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Iniciar sesión de trabajador (número de empleado) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['WorkerLoginBody'];
        };
      };
      responses: {
        /** @description A staff session started: the account, and the part of it the staff panels show. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['WorkerLoggedIn'];
          };
        };
        /** @description Petición rechazada: el motivo en español en `error` (400 datos inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 conflicto, 413 demasiado grande, 429 demasiados intentos). */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/healthz': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** El proceso responde */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description plain text */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'text/plain; charset=utf-8': unknown;
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/metrics': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Métricas Prometheus (token METRICS_TOKEN) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Correcto: JSON `{"success": true, …}`, o el archivo pedido. */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/readyz': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Listo para servir: base de datos, migraciones y proyecciones al día */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /**
         * @description Ready: every check passed (a 503 carries `ready: false`, `error`, `not_ready` and the same
         *     `checks`).
         */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Ready'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    /** @description A side of the move as the form sends it; its property type is not the client's to change. */
    AccessBody: {
      access: string;
      elevator: boolean;
      floor: string;
    };
    /** @description The logged-in account, as `auth-status` and the login calls return it (spec §3 'User'). */
    Account: {
      ciudad: string;
      codigo_postal: string;
      /** Format: date-time */
      creada_en: string;
      direccion: string;
      email?: string | null;
      /** Format: uuid */
      id: string;
      isUserEmailConfirmed: boolean;
      /** @description NIF, DNI or NIE for the client's invoices; empty when not given. */
      nif: string;
      nombre: string;
      preferencias: components['schemas']['Preferences'];
      role: components['schemas']['Role'];
      telefono: string;
      username?: string | null;
    };
    /** @description A price in euros, line by line, with what was paid and what is still owed. */
    Amounts: {
      /** Format: double */
      anticipo: number;
      /** Format: double */
      base: number;
      /** Format: double */
      distancia: number;
      /** Format: double */
      iva: number;
      iva_aplicado: boolean;
      /** Format: int64 */
      iva_porcentaje: number;
      /** Format: double */
      pagado: number;
      /** Format: double */
      pendiente: number;
      /** Format: double */
      servicios: number;
      /** Format: double */
      subtotal: number;
      /** Format: double */
      total: number;
      /** Format: double */
      urgencia: number;
    };
    /** @description One figure per period, oldest first. */
    Analytics: {
      /** @enum {string} */
      periodo: 'dia' | 'semana' | 'mes';
      series: components['schemas']['PeriodFigures'][];
      /** @constant */
      success: true;
    };
    AnswerBody: {
      /**
       * Format: int64
       * @description What the company pays back, in cents: required when accepted in full or in part.
       * @default null
       */
      importe_cents?: number | null;
      /**
       * @description Required for a partial answer and a rejection; up to 2000 characters.
       * @default
       */
      motivo?: string;
      resolucion: components['schemas']['ClaimResolution'];
    };
    /** @description The application form as the OpenAPI document shows it; `read_application` reads these names. */
    ApplicationForm: {
      /** @description 'true' when the applicant accepts being contacted (required). */
      consent_contact: string;
      /** @description 'true' when the applicant accepts marketing (optional). */
      consent_marketing?: string | null;
      /** @description The CV: PDF, DOC or DOCX (told by its content, agreeing with the name), at most 5 MB. */
      cv: components['schemas']['Archivo'];
      email: string;
      experience?: string | null;
      message?: string | null;
      name: string;
      phone: string;
      position: string;
    };
    /** Format: binary */
    Archivo: string;
    AsOfParams: {
      /** @default null */
      en?: string | null;
    };
    AssignBody: {
      /** Format: int64 */
      mudanza_id: number;
      /** Format: uuid */
      worker_id: string;
    };
    /** @description A move found, as the staff view has it. */
    AuditMove: {
      cliente_email: string;
      cliente_nombre: string;
      cliente_telefono: string;
      /** Format: date-time */
      created_at: string;
      destino: string;
      estado: components['schemas']['MoveStatus'];
      /** Format: date */
      fecha_programada: string;
      /** Format: int64 */
      id: number;
      origen: string;
      /** Format: date-time */
      updated_at: string;
      /** Format: int64 */
      version: number;
      worker: string;
    };
    /** @description Moves found, newest first. */
    AuditSearch: {
      /**
       * Format: int64
       * @description At most this many are listed.
       */
      limite: number;
      mudanzas: components['schemas']['AuditMove'][];
      /** @constant */
      success: true;
    };
    AuthPayBody: {
      /**
       * @description The client's name, as on the move.
       * @default
       */
      name?: string;
      /**
       * @description The move's payment key (`clave_pago`), with or without its dash.
       * @default
       */
      password?: string;
    };
    AuthStatus: {
      authenticated: boolean;
      /** @description `null` without a session. */
      user?: components['schemas']['User'] | null;
    };
    AutocompleteQuery: {
      input?: string | null;
    };
    /** @description The booking form's billing fields, each optional. */
    BillingBody: {
      /**
       * @description The billing address, when it is not the origin's.
       * @default
       */
      direccion?: string;
      /**
       * @description NIF, DNI or NIE: with one the invoice is a full invoice, without a simplified one.
       * @default
       */
      nif?: string;
    };
    /**
     * @description The recipient's tax id and address for the invoice, each empty when not given. With a NIF
     *     the invoice is a full one; without, a simplified one.
     */
    BillingDetails: {
      /** @description The billing address, when it is not the move's origin. */
      direccion: string;
      /** @description NIF, DNI or NIE, upper case without separators ('12345678Z'). */
      nif: string;
    };
    /** @description The booking the client accepted. */
    Booked: {
      /** Format: date-time */
      aceptada_en: string;
      condiciones_version: string;
      /** Format: double */
      total: number;
    };
    /** @description A client's move with the booking conditions that apply to it. */
    BookingAnswer: {
      condiciones: components['schemas']['Conditions'];
      mudanza: components['schemas']['ClientBooking'];
      /**
       * Format: int64
       * @description After a change: the log position to wait for on the live feed.
       */
      position?: number | null;
      /** @constant */
      success: true;
    };
    BookingConfirmation: {
      /** @description The conditions' checkbox: it must be ticked. */
      acepto_condiciones: boolean;
      /** @description The version of the conditions the page showed. */
      condiciones_version: string;
      /**
       * Format: double
       * @description The total the page showed, in euros, VAT included.
       */
      total: number;
    };
    /** @description Every field is required: a field the form forgot must not silently blank what was there. */
    BookingDetails: {
      contacto_email: string;
      contacto_nombre: string;
      /** @enum {string} */
      contacto_preferencia: 'phone' | 'email' | 'whatsapp';
      contacto_telefono: string;
      /** @description Who the invoice is made out to; absent or both fields empty: as the client's profile says. */
      facturacion?: components['schemas']['BillingBody'] | null;
      /**
       * Format: date
       * @default null
       */
      fecha_alternativa?: string | null;
      flexible: boolean;
      /** @enum {string} */
      hora_preferida: 'morning' | 'afternoon' | 'evening' | 'flexible';
      instrucciones: string;
      property_details: components['schemas']['SidesBody'];
    };
    /** @description The first broken link [`verify`] found. */
    BrokenLink: {
      event_type: string;
      motivo: string;
      /** Format: int64 */
      position: number;
      /** @description Empty when the event itself is missing. */
      stream_id: string;
    };
    /**
     * @description Who caused a step, as the client is told: themselves, or the company (never which staff).
     * @enum {string}
     */
    By: 'cliente' | 'empresa';
    CancellationTier: {
      /** Format: double */
      importe: number;
      plazo: string;
      /** Format: int64 */
      porcentaje: number;
    };
    CardBody: {
      /**
       * @description MM/AA.
       * @default
       */
      caducidad?: string;
      /** @default  */
      cvc?: string;
      /** @default  */
      numero?: string;
      /** @description anticipo or pendiente (one of the summary's `opciones`). */
      tipo: components['schemas']['PaymentKind'];
      /** @default  */
      titular?: string;
    };
    /** @description An authorised card payment (a refused one is a 402 `CardRefused`). */
    CardPaid: {
      /** Format: double */
      importe: number;
      marca: string;
      referencia: string;
      /** @description autorizado. */
      resultado: components['schemas']['CardResult'];
      /** @constant */
      success: true;
      ultimos4: string;
    };
    /** @description A card payment the bank refused (402): its reason and the card it was tried with. */
    CardRefused: {
      /** @description What to tell the payer, in Spanish. */
      error: string;
      /** Format: double */
      importe: number;
      marca: string;
      /** @description The bank's reason, as the gateway names it. */
      motivo: string;
      /** @description denegado. */
      resultado: components['schemas']['CardResult'];
      /** @constant */
      success: false;
      ultimos4: string;
    };
    /**
     * @description What the bank said of a card payment.
     * @enum {string}
     */
    CardResult: 'autorizado' | 'denegado';
    /** @description One object as `GET /api/objetos` sends it (web/src/lib/api.ts `CatalogueObject`). */
    CatalogueObject: {
      /** @enum {string} */
      categoria: 'sofas' | 'armarios' | 'cajas' | 'camas_y_colchones' | 'mesas' | 'televisores' | 'sillas' | 'otros';
      /** @description ancho × fondo × alto, e.g. '210 × 95 × 85 cm'. */
      dimensiones: string;
      id: string;
      /** @description Base64 of the SVG. */
      imagen: string;
      imagen_tipo: string;
      nombre: string;
      /**
       * Format: double
       * @description kg
       */
      peso: number;
      /**
       * Format: double
       * @description m³
       */
      volumen: number;
    };
    CategoryQuery: {
      categoria?: string | null;
    };
    /**
     * @description One field of the move's state that an event changed: its path in the staff view
     *     (`estado`, `precio.total_cents`, `property_details.origin.floor`, `photos[0]`), and its value
     *     before and after (null where there was none).
     */
    Change: {
      antes: unknown;
      campo: string;
      despues: unknown;
    };
    Check: {
      ok: boolean;
    };
    /** @description What was checked; without the database nothing else is (the other keys are absent). */
    Checks: {
      database: components['schemas']['Check'];
      migrations?: components['schemas']['MigrationsCheck'] | null;
      poison_events?: components['schemas']['PoisonCheck'] | null;
      /** @description `null` when the projectors could not be read. */
      projectors?: components['schemas']['ProjectorCheck'][] | null;
    };
    ClaimAnswerView: {
      /** Format: double */
      importe?: number | null;
      /** Format: int64 */
      importe_cents?: number | null;
      motivo: string;
      resolucion: components['schemas']['ClaimResolution'];
      /** Format: date-time */
      respondida_en: string;
    };
    /** @description A claim, its deadline, and the move's records of the claimed objects and signatures. */
    ClaimDetail: {
      /** Format: date-time */
      abierta_en: string;
      albaran_sha256: string;
      cliente_nombre: string;
      /** Format: date-time */
      entregada_en: string;
      /**
       * @description abierta or respondida.
       * @enum {string}
       */
      estado: 'abierta' | 'respondida';
      firmas: components['schemas']['StaffSignature'][];
      fotos: components['schemas']['ClaimPhotoView'][];
      /** Format: int64 */
      move_id: number;
      objetos: components['schemas']['ClaimObject'][];
      plazo: components['schemas']['Deadline'];
      /**
       * Format: date
       * @description The last day (Madrid) to answer: 15 Spanish working days after it was opened.
       */
      plazo_respuesta: string;
      registros: components['schemas']['ObjectRecords'][];
      respuesta?: components['schemas']['ClaimAnswerView'] | null;
      texto: string;
      /** Format: int64 */
      version: number;
    };
    /** @description The claim form as the OpenAPI document shows it; `read_form` reads these names. */
    ClaimForm: {
      /** @description Up to 5 photos (JPEG, PNG, GIF or WebP, told by their content), 10 MB each. */
      fotos: components['schemas']['Archivo'][];
      /** @description The id of a claimed object of the move; repeated for each. */
      objetos: string[];
      /** @description What happened, up to 2000 characters. */
      texto: string;
    };
    ClaimList: {
      /** @description Open claims first, the nearest deadline first; then the answered ones, newest first. */
      reclamaciones: components['schemas']['ClaimSummary'][];
      /** @constant */
      success: true;
    };
    /** @description An object a claim is about, as it was on the waybill. */
    ClaimObject: {
      id: string;
      nombre: string;
    };
    ClaimPhotoView: {
      /** Format: uuid */
      id: string;
      url: string;
    };
    /** @description How a manager answered a claim. */
    ClaimResolution: 'aceptada' | 'parcial' | 'rechazada';
    /** @description A claim in the managers' list. */
    ClaimSummary: {
      /** Format: date-time */
      abierta_en: string;
      cliente_nombre: string;
      /** Format: date-time */
      entregada_en: string;
      /**
       * @description abierta or respondida.
       * @enum {string}
       */
      estado: 'abierta' | 'respondida';
      fotos: components['schemas']['ClaimPhotoView'][];
      /** Format: int64 */
      move_id: number;
      objetos: components['schemas']['ClaimObject'][];
      plazo: components['schemas']['Deadline'];
      /**
       * Format: date
       * @description The last day (Madrid) to answer: 15 Spanish working days after it was opened.
       */
      plazo_respuesta: string;
      respuesta?: components['schemas']['ClaimAnswerView'] | null;
      texto: string;
      /** Format: int64 */
      version: number;
    };
    /** @description The move as its client sees it on the booking pages. */
    ClientBooking: {
      clave_pago?: string | null;
      contacto: components['schemas']['Contact'];
      destino: string;
      /** Format: date-time */
      detalles_completados?: string | null;
      estado_pago: components['schemas']['PaymentStatus'];
      /** @description The billing details given in the form, if any. */
      facturacion?: components['schemas']['BillingDetails'] | null;
      /** Format: date */
      fecha_alternativa?: string | null;
      /** Format: date */
      fecha_programada: string;
      flexible: boolean;
      fotos: components['schemas']['StaffPhoto'][];
      /** Format: double */
      gastos_cancelacion?: number | null;
      historial: components['schemas']['StatusStep'][];
      /** @enum {string} */
      hora_preferida: 'morning' | 'afternoon' | 'evening' | 'flexible';
      /** Format: int64 */
      id: number;
      instrucciones: string;
      objects: components['schemas']['MovedObject'][];
      origen: string;
      pagos: components['schemas']['ClientPayment'][];
      precio: components['schemas']['Amounts'];
      property_details: components['schemas']['Properties'];
      puede_completar: boolean;
      puede_confirmar: boolean;
      reserva?: components['schemas']['Booked'] | null;
      services: components['schemas']['Services'];
      /** @enum {string} */
      status: 'pending' | 'confirmed' | 'in_progress' | 'completed' | 'cancelled';
      urgencia: components['schemas']['Urgency'];
    };
    /** @description The customer view (spec §3 'Move, customer view'). */
    ClientImage: {
      descripcion: string;
      /** Format: uuid */
      id: string;
      tipo: string;
      url: string;
    };
    ClientMove: {
      /** Format: date */
      date: string;
      /** @default [] */
      equipo?: string[];
      /** @default pending */
      estado_pago?: components['schemas']['PaymentStatus'];
      from: string;
      /**
       * Format: double
       * @description While cancelled: what the cancellation costs, 0 when free (then nothing is pending).
       */
      gastos_cancelacion?: number | null;
      /** @default [] */
      historial?: components['schemas']['ClientStatusEntry'][];
      /** @default [] */
      hitos?: components['schemas']['MilestoneEntry'][];
      /** Format: int64 */
      id: number;
      images: components['schemas']['ClientImage'][];
      /**
       * Format: double
       * @description Card payments less refunds, what is still owed, and the status those give (issue 8).
       * @default 0
       */
      pagado?: number;
      /**
       * Format: double
       * @default 0
       */
      pendiente?: number;
      /** Format: double */
      price: number;
      /** @enum {string} */
      status: 'pending' | 'confirmed' | 'in_progress' | 'completed' | 'cancelled';
      /**
       * @description The day's plan and how it goes (issue 20): the preferred time slot (morning, afternoon,
       *     evening, flexible), the crew's first names once assigned, each status since when, and the
       *     milestones the crew recorded.
       * @default
       */
      time?: string;
      to: string;
    };
    /** @description A card payment or refunded one, as the client and the invoice show it. */
    ClientPayment: {
      /** @enum {string} */
      estado: 'autorizado' | 'reembolsado' | 'fallido';
      /** Format: date-time */
      fecha: string;
      /** Format: uuid */
      id: string;
      /** Format: double */
      importe: number;
      marca: string;
      motivo?: string | null;
      /** Format: double */
      reembolsado: number;
      tipo?: components['schemas']['PaymentKind'] | null;
      ultimos4: string;
    };
    /** @description A status of the customer view (spec §4) and since when. */
    ClientStatusEntry: {
      /** Format: date-time */
      fecha: string;
      /** @enum {string} */
      status: 'pending' | 'confirmed' | 'in_progress' | 'completed' | 'cancelled';
    };
    /** @description A new code sent. */
    CodeSent: {
      /** Format: int64 */
      expira_en: number;
      /** Format: int64 */
      reenviar_en: number;
      /** @constant */
      success: true;
    };
    /** @description What has been paid of an invoice, as of now. */
    Collections: {
      estado_pago: components['schemas']['PaymentStatus'];
      /** Format: double */
      gastos_cancelacion?: number | null;
      /** Format: double */
      pagado: number;
      pagos: components['schemas']['ClientPayment'][];
      /** Format: double */
      pendiente: number;
    };
    /** @description The company's legal data as `empresa.json` gives it (printed on both documents). */
    Company: {
      ciudad: string;
      direccion: string;
      email: string;
      nif: string;
      nombre: string;
      telefono: string;
    };
    /** @description The company's figures (spec §3 'Company data'). */
    CompanyData: {
      /**
       * Format: double
       * @description Euros of the finished moves.
       */
      ganancias_totales: number;
      /** Format: int64 */
      mudanzas_totales: number;
      /**
       * Format: double
       * @description The average rating (1 to 5 stars) of the published reviews; `null` before the first.
       */
      nivel_de_satisfaccion?: number | null;
      /** @constant */
      success: true;
      /** Format: int64 */
      trabajadores_activos: number;
    };
    ConditionBody: {
      estado: components['schemas']['ObjectCondition'];
      etapa: components['schemas']['WaybillStage'];
      /**
       * @description Up to 1000 characters; required when there is damage.
       * @default
       */
      nota?: string;
      /** @description The object's `id` in the move's list. */
      objeto_id: string;
    };
    /** @description The condition the crew noted of one waybill object at a stage. */
    ConditionEntry: {
      estado: components['schemas']['ObjectCondition'];
      etapa: components['schemas']['WaybillStage'];
      /** Format: date-time */
      fecha: string;
      /**
       * Format: uuid
       * @description The note's event.
       */
      id: string;
      nota: string;
      objeto_id: string;
      objeto_nombre: string;
    };
    /** @description The booking conditions (spec §9) and what a cancellation costs by its notice. */
    Conditions: {
      apartados: components['schemas']['Section'][];
      cancelacion: components['schemas']['CancellationTier'][];
      version: string;
    };
    ConfirmBody: {
      /** @default  */
      code?: string;
      /** @default  */
      email?: string;
    };
    /** @description The email confirmed and the account logged in. */
    Confirmed: {
      /** @description Always `true` here; the rejections carry `false` with their `error`. */
      confirmed: boolean;
      /** @constant */
      success: true;
      /** @description `null` only if the account vanished meanwhile. */
      user?: components['schemas']['User'] | null;
    };
    /** @description The pool's connections. */
    Connections: {
      /** Format: uint32 */
      abiertas: number;
      /** Format: uint */
      libres: number;
      /** Format: uint32 */
      maximo: number;
    };
    ConsentRecord: {
      concedido: boolean;
      /** @description condiciones, contacto or marketing. */
      finalidad: string;
      /** @description Where it was given: registro, contacto, empleo or perfil. */
      origen: string;
      /** Format: date-time */
      registrado_en: string;
      /** @description The wording accepted, with its version. */
      texto: string;
    };
    Contact: {
      email: string;
      nombre: string;
      /** @description phone, email or whatsapp. */
      preferencia: string;
      telefono: string;
    };
    ContactConsent: {
      /** @default false */
      contact?: boolean;
      /** @default false */
      marketing?: boolean;
    };
    /**
     * @description `POST /api/contact-form`, as web/src/lib/api.ts `ContactFormRequest` sends it. A missing
     *     field is an empty one (and gets its Spanish message); a missing consent is not given.
     */
    ContactMessage: {
      consent?: components['schemas']['ContactConsent'];
      /** @default null */
      date?: string | null;
      /** @default  */
      destination?: string;
      /** @default  */
      email?: string;
      /** @default  */
      message?: string;
      /** @default  */
      name?: string;
      /** @default  */
      origin?: string;
      /** @default  */
      phone?: string;
      /** @default  */
      service_type?: string;
    };
    ContactMessages: {
      mensajes: components['schemas']['ReceivedMessage'][];
      /** @constant */
      success: true;
    };
    CreateBody: {
      /**
       * @description One key per move the caller means to create (8 to 64 letters, digits, `-` or `_`): sent
       *     again with a retry, it answers with the move the first attempt created, if it did.
       */
      clave_idempotencia?: string | null;
      /** @default  */
      cliente_email?: string;
      /** @default  */
      cliente_nombre?: string;
      /** @default  */
      cliente_telefono?: string;
      /** @default  */
      contacto_email?: string;
      /** @default  */
      contacto_nombre?: string;
      /**
       * @default phone
       * @enum {string}
       */
      contacto_preferencia?: 'phone' | 'email' | 'whatsapp';
      /** @default  */
      contacto_telefono?: string;
      /** @default  */
      destino?: string;
      estado?: string | null;
      /**
       * Format: date
       * @default null
       */
      fecha_alternativa?: string | null;
      /**
       * Format: date
       * @default null
       */
      fecha_programada?: string | null;
      /** @default false */
      flexible?: boolean;
      /**
       * @default flexible
       * @enum {string}
       */
      hora_preferida?: 'morning' | 'afternoon' | 'evening' | 'flexible';
      /** @default  */
      instrucciones?: string;
      /** @default [] */
      objects?: components['schemas']['MovedObject'][];
      /** @default  */
      origen?: string;
      /** Format: double */
      pago_adelantado?: number | null;
      precio?: components['schemas']['PriceBody'] | null;
      /** Format: double */
      precio_total?: number | null;
      /**
       * Format: uuid
       * @description The quote request the wizard was filled from: the move and the quote's conversion are
       *     written together, once.
       */
      presupuesto_id?: string | null;
      property_details?: components['schemas']['PropertiesBody'];
      /**
       * @default {
       *       "cleaning": false,
       *       "dismount": false,
       *       "dismount_quantity": 0,
       *       "fragile": false,
       *       "long_stairs": false,
       *       "packaging": false,
       *       "packaging_quantity": 0
       *     }
       */
      services?: components['schemas']['Services'];
      /** @default normal */
      urgencia?: components['schemas']['Urgency'];
    };
    /** @description The move created (or the one a repeated request already created), staff view. */
    Created: {
      mudanza: components['schemas']['StaffMove'];
      /** Format: int64 */
      mudanza_id: number;
      /** @constant */
      success: true;
    };
    /** @description The client's figures. Money in cents, VAT included. */
    CustomerStats: {
      /**
       * Format: int64
       * @description What the online discount (a quote offers 95 % of the itemised price, spec §9) and offer
       *     packs saved them against the itemised price of their quotes, over their moves not
       *     cancelled that were made from a quote the server priced: for each, the itemised price
       *     (with a pack, of the same request by volume without it) less what they were asked (the
       *     quote's price, or the move's when higher), never below zero.
       */
      ahorro_cents: number;
      /** @description Without a confirmed email no move is the client's, and every figure is zero. */
      email_confirmado: boolean;
      /**
       * Format: int64
       * @description How many moves that saving comes from.
       */
      mudanzas_con_ahorro: number;
      /**
       * Format: int64
       * @description Their moves that are finished ('finalizada'): not the cancelled, pending, confirmed or
       *     ongoing ones.
       */
      mudanzas_realizadas: number;
      /** @constant */
      success: true;
      /**
       * Format: int64
       * @description Card payments authorised less refunds, over all their moves (a cancelled one's fee too).
       */
      total_pagado_cents: number;
      /**
       * Format: double
       * @description The average of the stars they gave their moves, to two decimals, whether or not the
       *     reviews are published yet; `null` before their first.
       */
      valoracion_media?: number | null;
      /**
       * Format: int64
       * @description How many reviews that average is of.
       */
      valoraciones: number;
    };
    CvLink: {
      /** Format: int64 */
      bytes: number;
      nombre: string;
      /** @enum {string} */
      tipo: 'pdf' | 'doc' | 'docx';
      url: string;
    };
    DatabaseHealth: {
      conexiones: components['schemas']['Connections'];
      error: string | null;
      /** Format: double */
      latencia_ms: number;
      nombre: string | null;
      ok: boolean;
      /** Format: int64 */
      tamano_bytes: number | null;
      version: string | null;
    };
    /** @description How near a claim's answer is due, counted on the day asked. */
    Deadline: {
      /** @description Unanswered with at most 3 working days left, or past. */
      aviso: boolean;
      /**
       * Format: int64
       * @description Working days from today to that day (0 on the day itself; negative once past).
       */
      dias_habiles_restantes: number;
      /**
       * Format: date
       * @description The last day to answer (Madrid).
       */
      fecha: string;
      /** @description Answered or not, the day has passed. */
      vencido: boolean;
    };
    DeleteBody: {
      /** @default null */
      email?: string | null;
      /** @default  */
      password?: string;
    };
    /** @description The request set aside: its inbox entry now. */
    Discarded: {
      presupuesto: components['schemas']['InboxQuote'];
      /** @constant */
      success: true;
    };
    /** @description The two documents a move gets, each with its own correlative series per year. */
    DocumentKind: 'factura' | 'albaran';
    DocumentRecord: {
      contenido: unknown;
      /** Format: date */
      fecha_emision: string;
      /** Format: int64 */
      mudanza_id: number;
      numero: string;
      /** @description factura or albaran. */
      tipo: string;
    };
    /** @description `{"success": true}`: done, nothing more to say. */
    Done: {
      /** @constant */
      success: true;
    };
    EditBody: {
      cliente_email?: string | null;
      cliente_nombre?: string | null;
      cliente_telefono?: string | null;
      destino?: string | null;
      estado?: string | null;
      /**
       * Format: date
       * @default null
       */
      fecha_programada?: string | null;
      /** Format: int64 */
      id: number;
      objects?: components['schemas']['MovedObject'][] | null;
      origen?: string | null;
      /** Format: double */
      pago_adelantado?: number | null;
      precio?: components['schemas']['PriceBody'] | null;
      /** Format: double */
      precio_total?: number | null;
      services?: components['schemas']['Services'] | null;
      urgencia?: components['schemas']['Urgency'] | null;
      /**
       * Format: int64
       * @description The version the form was loaded at (`version` of the staff document).
       */
      version: number;
    };
    EmailBody: {
      /** @default  */
      email?: string;
    };
    /** @description Every error the API returns: a 4xx (or 500) with this body. */
    ErrorBody: {
      /** @description What went wrong, in Spanish, ready to show to the user. */
      error: string;
      /** @description The request field the message is about, when it is about one. */
      field?: string | null;
      /** @description Always `false`. */
      success: boolean;
    };
    /** @description Who recorded an event: the metadata's actor and, for an account, its name. */
    EventActor: {
      id?: string | null;
      nombre?: string | null;
      rol?: string | null;
    };
    EventFilter: {
      /** @description The actor id in the metadata (an account's id, or a process name). */
      actor?: string | null;
      /**
       * Format: int64
       * @description The position the previous page ended at: the next page continues past it in `orden`.
       */
      after?: number | null;
      /**
       * Format: date-time
       * @description Recorded at or after / before.
       * @default null
       */
      desde?: string | null;
      /** @description A stream id; ending in `*`, a prefix (`move-*`). */
      flujo?: string | null;
      /**
       * Format: date-time
       * @default null
       */
      hasta?: string | null;
      /** Format: int64 */
      limit?: number | null;
      /** @description `desc` (newest first, the default) or `asc`. */
      orden?: string | null;
      rol?: string | null;
      tipo?: string | null;
    };
    /** @description A page of the log. */
    EventPage: {
      eventos: components['schemas']['LoggedEvent'][];
      /**
       * Format: int64
       * @description The `after` of the next page; `null` at the end.
       */
      siguiente?: number | null;
      /** @constant */
      success: true;
      /** @description Every event type there is, for the filter. */
      tipos: string[];
    };
    EventRecord: {
      /** @description Who recorded it: their role, and "tú" when it was this account. */
      actor: string;
      /** @description The event's data, without other people's identifiers ([module docs](self)). */
      datos: unknown;
      flujo: string;
      /** Format: date-time */
      ocurrido_en: string;
      /** Format: int64 */
      posicion: number;
      /** Format: date-time */
      registrado_en: string;
      tipo: string;
      /** Format: int64 */
      version: number;
    };
    /** @description The consent given with a form. */
    GivenConsent: {
      contact: boolean;
      marketing: boolean;
    };
    /**
     * @description A move's history: every event of its stream and the events about it elsewhere, each with
     *     what it changed.
     */
    History: {
      eventos: components['schemas']['HistoryEvent'][];
      flujo: string;
      /** Format: int64 */
      mudanza_id: number;
      /** @constant */
      success: true;
    };
    HistoryActor: {
      id?: string | null;
      nombre?: string | null;
      rol?: string | null;
      rol_etiqueta?: string | null;
    };
    HistoryEvent: {
      actor: components['schemas']['HistoryActor'];
      cambios: components['schemas']['Change'][];
      datos: unknown;
      /** @description The event's name in Spanish. */
      etiqueta: string;
      flujo: string;
      metadatos: components['schemas']['HistoryMetadata'];
      /** Format: date-time */
      ocurrido_en: string;
      /** Format: int64 */
      posicion: number;
      /** Format: date-time */
      registrado_en: string;
      resumen: string;
      tipo: string;
      /** Format: int64 */
      version: number;
      /** Format: int32 */
      version_esquema: number;
    };
    /** @description The history as a file (an attachment), with when it was exported. */
    HistoryExport: {
      eventos: components['schemas']['HistoryEvent'][];
      /** Format: date-time */
      exportado_en: string;
      flujo: string;
      /** Format: int64 */
      mudanza_id: number;
      /** @constant */
      success: true;
    };
    HistoryMetadata: {
      /** Format: uuid */
      causation_id?: string | null;
      /** Format: uuid */
      correlation_id: string;
      request_id?: string | null;
    };
    /** @description The inbox, as the projection stores it (passed through). */
    Inbox: {
      presupuestos: components['schemas']['InboxQuote'][];
      /** @constant */
      success: true;
    };
    /**
     * @description The move the visitor described, in the shape of the request's `moveDetails`, so the manager's
     *     wizard is filled from the same names the price finder sent.
     */
    InboxMoveDetails: {
      destination: components['schemas']['QuoteAddress'];
      /**
       * Format: double
       * @description km
       */
      distance: number;
      /**
       * Format: double
       * @description minutes
       */
      duration: number;
      instructions: string;
      objects: components['schemas']['QuoteObject'][];
      offerPack?: string | null;
      origin: components['schemas']['QuoteAddress'];
      schedule: components['schemas']['QuoteSchedule'];
      services: components['schemas']['InboxServices'];
    };
    /** @description One entry of the inbox, as `GET /api/presupuestos` and the live feed send it. */
    InboxQuote: {
      /**
       * Format: date-time
       * @description When it last changed.
       */
      actualizada: string;
      contact: {
        email: string;
        name: string;
        phone: string;
        /**
         * @description phone, email or whatsapp.
         * @enum {string}
         */
        preferredContact: 'phone' | 'email' | 'whatsapp';
      };
      /**
       * @description The requester's name, email and phone were blanked (`quote.contact_erased`).
       * @default false
       */
      datos_eliminados?: boolean;
      /**
       * @description nueva, convertida or descartada.
       * @enum {string}
       */
      estado: 'nueva' | 'convertida' | 'descartada';
      /**
       * @description The same estimate in cents with what it is measured against, for the client's savings
       *     once the quote became their move. Absent when the request was not priced, or was priced
       *     before these figures were recorded.
       */
      estimacion?: components['schemas']['QuoteEstimate'] | null;
      /** Format: uuid */
      id: string;
      /**
       * @description The move the visitor described, in the shape of the request's `moveDetails`, so the manager's
       *     wizard is filled from the same names the price finder sent.
       */
      moveDetails: {
        destination: components['schemas']['QuoteAddress'];
        /**
         * Format: double
         * @description km
         */
        distance: number;
        /**
         * Format: double
         * @description minutes
         */
        duration: number;
        instructions: string;
        objects: components['schemas']['QuoteObject'][];
        /** @enum {string|null} */
        offerPack?: 'esential' | 'advanced' | 'premium' | null;
        origin: components['schemas']['QuoteAddress'];
        schedule: {
          /** Format: date */
          alternativeDate?: string | null;
          flexibleDates: boolean;
          /** Format: date */
          preferredDate: string;
          /** @enum {string} */
          timePreference: 'morning' | 'afternoon' | 'evening' | 'flexible';
        };
        services: components['schemas']['InboxServices'];
      };
      /**
       * Format: int64
       * @description The move it became, once converted.
       */
      mudanza_id?: number | null;
      /**
       * Format: double
       * @description Euros, VAT included: the server's own estimate, once its price engine records one. Never
       *     the figure the visitor's browser showed.
       */
      precio_estimado?: number | null;
      /**
       * Format: date-time
       * @description When the request arrived.
       */
      recibida: string;
      /**
       * @description The referral code of the client who recommended us, when the request came through their
       *     link. Who that is, is asked of the accounts when the inbox is read.
       */
      recomendacion?: string | null;
      /** @description With `recomendacion`: the name of the client who recommended us, `null` when their account no longer exists. Absent in the live feed's copies. */
      recomendado_por?: string | null;
      /**
       * @description "P-2026-000123", absent for requests stored before references were given.
       * @default null
       */
      referencia?: string | null;
      /**
       * Format: uint32
       * @description Units of every object listed.
       */
      total_objetos: number;
      /**
       * Format: int64
       * @description Stream version: grows with every change, so the newer of two copies is known.
       */
      version: number;
    };
    /** @description The services as the quote request names them (spec §3 'Price request', plus best packaging). */
    InboxServices: {
      bestPackaging: boolean;
      cleaning: boolean;
      dismount: boolean;
      /** Format: uint32 */
      dismountQuantity: number;
      fragile: boolean;
      longStairs: boolean;
      packaging: boolean;
      /** Format: uint32 */
      packagingQuantity: number;
    };
    /** @description The invoice as issued, numbered and dated, with what has been paid as of now. */
    Invoice: {
      cliente: components['schemas']['InvoiceClient'];
      /** @description Absent when the move's staff view cannot be read. */
      cobros?: components['schemas']['Collections'] | null;
      empresa: components['schemas']['Company'];
      /** Format: date */
      fecha_emision: string;
      garantia: string;
      importes: components['schemas']['Amounts'];
      mudanza: components['schemas']['InvoiceMove'];
      numero: string;
      objetos: components['schemas']['InvoiceObject'][];
      servicios: components['schemas']['ServiceLine'][];
      /** @description Absent on invoices issued before the distinction was made. */
      tipo?: components['schemas']['InvoiceType'] | null;
    };
    InvoiceAnswer: {
      factura: components['schemas']['Invoice'];
      /** @constant */
      success: true;
    };
    InvoiceClient: {
      /** @description The billing address; absent on invoices issued before it was recorded. */
      direccion?: string | null;
      email: string;
      /**
       * @description NIF, DNI or NIE; absent on a simplified invoice (and on invoices issued before it was
       *     asked).
       */
      nif?: string | null;
      nombre: string;
      telefono: string;
    };
    InvoiceMove: {
      destino: string;
      estado: components['schemas']['MoveStatus'];
      /** Format: date */
      fecha_alternativa?: string | null;
      /** Format: date */
      fecha_programada: string;
      /** @enum {string} */
      hora_preferida: 'morning' | 'afternoon' | 'evening' | 'flexible';
      /** Format: int64 */
      id: number;
      instrucciones: string;
      origen: string;
      property_details: components['schemas']['Properties'];
      urgencia: components['schemas']['Urgency'];
    };
    InvoiceObject: {
      /** Format: uint32 */
      cantidad: number;
      nombre: string;
      /**
       * Format: double
       * @description kg
       */
      peso: number;
    };
    /**
     * @description A full invoice names its recipient by their NIF; a simplified one is to someone who gave
     *     none.
     */
    InvoiceType: 'completa' | 'simplificada';
    /** @description A job application as the managers read it, with its CV's link. */
    JobApplication: {
      consent: components['schemas']['GivenConsent'];
      cv: components['schemas']['CvLink'];
      email: string;
      /** @enum {string} */
      experience: '0-1' | '2-5' | '6-10' | '10+';
      /** Format: uuid */
      id: string;
      message: string;
      name: string;
      phone: string;
      /** @enum {string} */
      position: 'conductor' | 'operario' | 'coordinador' | 'atencion' | 'limpieza' | 'otro';
      /** Format: date-time */
      recibido_en: string;
    };
    JobApplications: {
      candidaturas: components['schemas']['JobApplication'][];
      /** @constant */
      success: true;
    };
    /** @description The last event the state includes. */
    LastEvent: {
      etiqueta: string;
      /** Format: date-time */
      ocurrido_en: string;
      /** Format: int64 */
      posicion: number;
      /** Format: date-time */
      registrado_en: string;
      tipo: string;
      /** Format: int64 */
      version: number;
    };
    LiveHealth: {
      /** Format: uint */
      conexiones: number;
      /** Format: int64 */
      enviado_hasta: number;
      /** Format: uint64 */
      retrasos: number;
    };
    LiveParams: {
      /** Format: int64 */
      after?: number | null;
    };
    LogHealth: {
      /** Format: int64 */
      cabeza: number | null;
      /**
       * Format: int64
       * @description Every projector has passed this position, in this process.
       */
      proyectado_hasta: number;
    };
    /** @description What the walk over the log found. */
    LogVerification: {
      /** @description True when every event's hash and links, and every sealed row, match. */
      ok: boolean;
      /**
       * Format: int64
       * @description Events checked whose seal is still to come.
       */
      pendientes: number;
      primer_fallo?: components['schemas']['BrokenLink'] | null;
      /** @constant */
      success: true;
      /** Format: int64 */
      verificados: number;
    };
    /** @description One event of the log as the browser shows it. */
    LoggedEvent: {
      actor: components['schemas']['EventActor'];
      datos: unknown;
      flujo: string;
      metadatos: unknown;
      /** Format: date-time */
      ocurrido_en: string;
      /** Format: int64 */
      posicion: number;
      /** Format: date-time */
      registrado_en: string;
      tipo: string;
      /** Format: int64 */
      version: number;
      /** Format: int32 */
      version_esquema: number;
    };
    /** @description A session started: who it is for. */
    LoggedIn: {
      /** @constant */
      success: true;
      user: components['schemas']['User'];
    };
    LoginBody: {
      /** @default  */
      email?: string;
      /** @default  */
      password?: string;
    };
    MigrationsCheck: {
      /** @description Absent when they could not be read. */
      missing?: number[] | null;
      ok: boolean;
    };
    /**
     * @description A step of the crew's day that the client follows live (issue 20): leaving for the origin,
     *     arriving there, the van loaded, arriving at the destination. They come in this order.
     * @enum {string}
     */
    Milestone: 'en_camino' | 'llegada_origen' | 'carga_terminada' | 'llegada_destino';
    MilestoneBody: {
      hito: components['schemas']['Milestone'];
    };
    /** @description A milestone of the crew's day and when the crew recorded it. */
    MilestoneEntry: {
      /** Format: date-time */
      fecha: string;
      hito: components['schemas']['Milestone'];
    };
    Moderated: {
      opinion: components['schemas']['ModeratedReview'];
      /** Format: int64 */
      position: number;
      /** @constant */
      success: true;
    };
    /** @description A review as the managers moderate it. */
    ModeratedReview: {
      /** Format: date-time */
      enviada: string;
      /** @enum {string} */
      estado: 'pendiente' | 'publicada' | 'oculta';
      /** Format: date */
      fecha: string;
      id: string;
      /** Format: date-time */
      moderada?: string | null;
      motivo: string;
      /**
       * Format: int64
       * @description The move it rates; `null` for one imported from before.
       */
      mudanza_id?: number | null;
      nombre: string;
      /** Format: int16 */
      rating: number;
      recomendaria: boolean;
      texto: string;
      titulo: string;
      ubicacion: string;
    };
    ModerationBody: {
      /**
       * @description Required to hide it.
       * @default
       */
      motivo?: string;
      publicar: boolean;
    };
    ModerationFilter: {
      /**
       * @description Only reviews in this state.
       * @default null
       * @enum {string|null}
       */
      estado?: 'pendiente' | 'publicada' | 'oculta' | null;
    };
    ModerationList: {
      opiniones: components['schemas']['ModeratedReview'][];
      /**
       * Format: int64
       * @description How many wait for a decision.
       */
      pendientes: number;
      /** @constant */
      success: true;
    };
    MoveListParams: {
      /** @default null */
      include_price?: string | null;
    };
    /**
     * @description The staff status values of spec §4.
     * @enum {string}
     */
    MoveStatus: 'pendiente' | 'confirmada' | 'en curso' | 'finalizada' | 'cancelada';
    /** @description One page of the staff list. */
    MoveWindow: {
      /**
       * @description Moves per status of the scope (every move, or the worker's when `trabajador` names one),
       *     whatever the other filters.
       */
      conteos: components['schemas']['StatusCounts'];
      /** @description The moves of the page, as `/api/todas-las-mudanzas` shows them (workers: without prices). */
      mudanzas: components['schemas']['StaffMove'][];
      /** @description The cursor of the next page; `null` on the last. */
      siguiente?: string | null;
      /** @constant */
      success: true;
    };
    /** @description The query string, as typed; [`Window::parse`] checks every field. */
    MoveWindowParams: {
      /** @description The `siguiente` of the previous page, with the same `orden`. */
      cursor?: string | null;
      /** @description YYYY-MM-DD, inclusive, on `fecha_programada`. */
      desde?: string | null;
      /** @description pendiente | confirmada | en curso | finalizada | cancelada */
      estado?: string | null;
      /** @description pending | partial | paid (not for workers) */
      estado_pago?: string | null;
      /** @description YYYY-MM-DD, inclusive, on `fecha_programada`. */
      hasta?: string | null;
      /** @description `true`: with prices, for those who may see them. */
      include_price?: string | null;
      /** @description 1 to 100, default 50. */
      limite?: string | null;
      /** @description fecha (default) | -fecha | numero | -numero */
      orden?: string | null;
      /**
       * @description A move number (`5`, `#5`, `nº 5`), phone digits (6 or more), or words of the client's
       *     name, email, phone or the addresses; at most 100 characters.
       */
      q?: string | null;
      /** @description `yo` (the caller's moves), `sin_asignar`, or a worker's id. */
      trabajador?: string | null;
      /** @description normal | urgente */
      urgencia?: string | null;
      /** @description `proximas` (from 7 days before today, Europe/Madrid) | `todas` (default) */
      vista?: string | null;
    };
    MovedObject: {
      id: string;
      nombre: string;
      /**
       * Format: double
       * @description Weight in kg.
       */
      peso: number;
      /** Format: uint32 */
      quantity: number;
    };
    /** @description The export, as the file holds it. */
    MyData: {
      consentimientos: components['schemas']['ConsentRecord'][];
      cuenta: components['schemas']['Account'];
      /** @description Invoices and waybills issued for the moves, with their content as issued. */
      documentos: components['schemas']['DocumentRecord'][];
      /** @description The log's events of those moves, quotes and reviews, oldest first. */
      eventos: components['schemas']['EventRecord'][];
      /** Format: date-time */
      generado_en: string;
      /** @description The customer view of each move, as the client area shows it. */
      mudanzas: components['schemas']['ClientMove'][];
      /** @description The reviews written of those moves, with where moderation left them. */
      opiniones: components['schemas']['OwnReview'][];
      /** @description The quote requests sent from the account's email. */
      presupuestos: components['schemas']['InboxQuote'][];
      /** @constant */
      success: true;
    };
    /** @description The client's moves, as the customer view stores them (passed through). */
    MyMoves: {
      /** @description Without a confirmed email no move is shown as the client's. */
      email_confirmado: boolean;
      mudanzas: components['schemas']['ClientMove'][];
      /** @constant */
      success: true;
    };
    /** @description The client's link and its friends. */
    MyReferral: {
      /**
       * Format: int64
       * @description Distinct people, by email, who registered or asked for a quote through the link: the
       *     client themselves never counts.
       */
      amigos: number;
      /** @description Their personal code, eight characters ('7KQ2M9XA'). */
      codigo: string;
      /** @description The site's address with the code (`?ref=`), to share. */
      enlace: string;
      /** @constant */
      success: true;
    };
    /** @description The new payment key, as shown (`K7MQ-2XPA`). */
    NewPaymentKey: {
      clave_pago: string;
      /** @constant */
      success: true;
    };
    NewStaff: {
      /** @default  */
      email?: string;
      /** @default  */
      nombre?: string;
      /** @default  */
      password?: string;
      /** @default  */
      rol?: string;
      /**
       * @description A worker's employee id (EMP-003); empty: the next free one.
       * @default null
       */
      usuario?: string | null;
    };
    /**
     * @description The rejections of `confirm-email` (400 bad or expired code, 409 already confirmed, 429 too
     *     many tries) carry `confirmed` as well as the error (spec §7).
     */
    NotConfirmed: {
      /** @constant */
      confirmed: false;
      error: string;
      /**
       * Format: int32
       * @description After a wrong code: how many tries this code has left.
       */
      intentos_restantes?: number;
      /** @constant */
      success: false;
    };
    /** @description What a waybill object looked like. */
    ObjectCondition: 'buen_estado' | 'danos_previos' | 'danos_causados';
    /** @description One object's noted condition, with the photos the crew took of it at that stage. */
    ObjectConditionEntry: {
      estado: components['schemas']['ObjectCondition'];
      etapa: components['schemas']['WaybillStage'];
      /** Format: date-time */
      fecha: string;
      fotos: components['schemas']['StaffPhoto'][];
      /**
       * Format: uuid
       * @description The note's event.
       */
      id: string;
      nota: string;
      objeto_id: string;
      objeto_nombre: string;
    };
    /** @description A claimed object beside what the crew recorded of it at pickup and at delivery. */
    ObjectRecords: {
      entrega: components['schemas']['StageRecords'];
      objeto: components['schemas']['ClaimObject'];
      recogida: components['schemas']['StageRecords'];
    };
    /** @description Objects of the catalogue. */
    Objects: {
      objetos: components['schemas']['CatalogueObject'][];
      /** @constant */
      success: true;
    };
    OneClaim: {
      reclamacion: components['schemas']['ClaimDetail'];
      /** @constant */
      success: true;
    };
    /** @description One move, staff view (without prices for workers), as stored (passed through). */
    OneMove: {
      mudanza: components['schemas']['StaffMove'];
      /** @constant */
      success: true;
    };
    /** @description The last emails written, newest first. */
    Outbox: {
      mensajes: components['schemas']['OutboxMessage'][];
      /** @constant */
      success: true;
    };
    OutboxHealth: {
      /** Format: int64 */
      con_error: number;
      /** Format: date-time */
      mas_antiguo: string | null;
      /** @description smtp, or bandeja_local (local development: every email stays, not a backlog). */
      modo: string;
      /** Format: int64 */
      pendientes: number;
    };
    OutboxMessage: {
      asunto: string;
      /** Format: date-time */
      enviado: string;
      /** Format: uuid */
      id: string;
      para: string;
      texto: string;
    };
    OutboxParams: {
      /** @default null */
      para?: string | null;
    };
    /** @description The client's claim page: their claim if they opened one, otherwise whether they still may. */
    OwnClaim: {
      /** @description The move's objects, to choose from. */
      objetos: components['schemas']['ClaimObject'][];
      puede_reclamar: boolean;
      reclamacion?: components['schemas']['ClaimDetail'] | null;
      /** @constant */
      success: true;
      /**
       * Format: date
       * @description The last day to open one (7 days after delivery); `null` before delivery.
       */
      ultimo_dia_para_reclamar?: string | null;
    };
    /** @description One of the client's documents as their list shows it. */
    OwnDocument: {
      destino: string;
      /** Format: date */
      fecha_emision: string;
      /** Format: int64 */
      mudanza_id: number;
      numero: string;
      origen: string;
      /** @description Where the PDF is downloaded. */
      pdf: string;
      tipo: components['schemas']['DocumentKind'];
      /**
       * Format: double
       * @description The invoice's total with VAT, in euros; `null` for a waybill.
       */
      total?: number | null;
    };
    OwnDocuments: {
      documentos: components['schemas']['OwnDocument'][];
      /** @constant */
      success: true;
    };
    /** @description A client's own review, with where moderation left it. */
    OwnReview: {
      /**
       * @description pendiente (waiting for moderation), publicada or oculta.
       * @enum {string}
       */
      estado: 'pendiente' | 'publicada' | 'oculta';
      /** Format: date */
      fecha: string;
      /** @description Why it was hidden, when it was. */
      motivo: string;
      /** Format: int64 */
      mudanza_id: number;
      /** Format: int16 */
      rating: number;
      recomendaria: boolean;
      texto: string;
      titulo: string;
    };
    OwnReviews: {
      opiniones: components['schemas']['OwnReview'][];
      /** @description The client's finished moves not rated yet: the dashboard invites them. */
      por_valorar: number[];
      /** @constant */
      success: true;
    };
    /** @description One part of the report, or why it could not be read. */
    Part:
      | components['schemas']['ProjectionStatus'][]
      | {
          error: string;
        };
    /** @description One part of the report, or why it could not be read. */
    Part2:
      | components['schemas']['OutboxHealth']
      | {
          error: string;
        };
    PasswordChangeBody: {
      /** @default  */
      confirm_password?: string;
      /** @default  */
      current_password?: string;
      /** @default  */
      new_password?: string;
    };
    /** @description Access granted: the payment session's id, for `/api/pagos/{id}`. */
    PaymentAccess: {
      message: string;
      /** Format: uuid */
      paymentId: string;
      /** @constant */
      success: true;
    };
    PaymentDetails: {
      /** Format: double */
      anticipo: number;
      /** Format: date-time */
      caduca: string;
      cancelada: boolean;
      cliente: string;
      destino: string;
      estado: components['schemas']['MoveStatus'];
      estado_pago: components['schemas']['PaymentStatus'];
      /** Format: date */
      fecha: string;
      /** Format: double */
      gastos_cancelacion?: number | null;
      /** Format: uuid */
      id: string;
      /** Format: int64 */
      mudanzaId: number;
      opciones: components['schemas']['PaymentOption'][];
      origen: string;
      /** Format: double */
      pagado: number;
      pagos: components['schemas']['ClientPayment'][];
      /** Format: double */
      pendiente: number;
      /** @description The gateway the page pays through. */
      proveedor: string;
      /** Format: double */
      total: number;
    };
    /** @description What a card payment was for. */
    PaymentKind: 'anticipo' | 'pendiente';
    /** @description One amount that can be paid now. */
    PaymentOption: {
      etiqueta: string;
      /** Format: double */
      importe: number;
      tipo: components['schemas']['PaymentKind'];
    };
    /**
     * @description Spec §3 payment status: nothing paid, part paid, all paid.
     * @enum {string}
     */
    PaymentStatus: 'pending' | 'partial' | 'paid';
    /** @description What a payment session is for and what can be paid now. */
    PaymentSummary: {
      pago: components['schemas']['PaymentDetails'];
      /** @constant */
      success: true;
    };
    Period: {
      /**
       * @default dia
       * @enum {string}
       */
      periodo?: 'dia' | 'semana' | 'mes';
    };
    PeriodFigures: {
      /** Format: int64 */
      canceladas: number;
      /** Format: int64 */
      completadas: number;
      /** Format: int64 */
      creadas: number;
      /**
       * Format: double
       * @description Euros.
       */
      ingresos: number;
      /** Format: date */
      inicio: string;
    };
    Phase: ('reproduciendo' | 'terminada' | 'error') | 'esperando' | 'guardando';
    /** @description The waybill object a photo is of. */
    PhotoObject: {
      etapa: components['schemas']['WaybillStage'];
      /** @description The object's `id` in the move's list (`MovedObject::id`). */
      id: string;
    };
    /** @description Skipped events: where, not why. */
    PoisonCheck: {
      /** @description Absent when they could not be read. */
      events?: components['schemas']['PoisonRef'][] | null;
      ok: boolean;
    };
    PoisonRef: {
      event_type: string;
      /** Format: int64 */
      position: number;
      projection: string;
    };
    Preferences: {
      emailNotifications: boolean;
      marketing: boolean;
      smsNotifications: boolean;
    };
    /**
     * @description A move's price, all amounts in euro cents. total = subtotal + tax. `advance_cents` is the
     *     deposit asked for to secure the date (spec §3 'advance payment'); what has been paid comes
     *     from the move's payment events, not from here.
     */
    Price: {
      /** Format: int64 */
      advance_cents: number;
      /** Format: int64 */
      base_cents: number;
      /** Format: int64 */
      distance_cents: number;
      iva_enabled: boolean;
      /** Format: int64 */
      services_cents: number;
      /** Format: int64 */
      subtotal_cents: number;
      /** Format: int64 */
      tax_cents: number;
      /** Format: int64 */
      total_cents: number;
      /** Format: int64 */
      urgency_cents: number;
    };
    PriceAddress: {
      /**
       * @description Empty reads as 'normal'.
       * @default
       */
      access?: string;
      address: string;
      /**
       * @description 1/0 (price request) or true/false (quote request).
       * @default false
       */
      elevator?: boolean | (0 | 1);
      /**
       * @description Empty reads as 'ground'.
       * @default
       */
      floor?: string;
      propertyType: string;
    };
    /** @description The estimate, line by line, in euros. */
    PriceAnswer: {
      dentro_m30: boolean;
      desglose: components['schemas']['PriceLine'][];
      /** Format: double */
      distancia_km: number;
      /** Format: uint32 */
      duracion_min: number;
      /** Format: double */
      iva: number;
      /** Format: double */
      precio_presupuesto: number;
      /**
       * Format: double
       * @description The price shown to the visitor.
       */
      price: number;
      /** Format: double */
      subtotal: number;
      /** @constant */
      success: true;
      /** Format: double */
      total: number;
    };
    /** @description The price's parts, in euros as the form shows them. */
    PriceBody: {
      /**
       * Format: double
       * @default 0
       */
      base?: number;
      /**
       * Format: double
       * @default 0
       */
      distancia?: number;
      /** @default true */
      iva?: boolean;
      /**
       * Format: double
       * @default 0
       */
      servicios?: number;
      /**
       * Format: double
       * @default 0
       */
      urgencia?: number;
    };
    PriceLine: {
      concepto: string;
      /** Format: double */
      importe: number;
    };
    /**
     * @description POST /api/calculate-price's body (spec §3 'Price request'). The quote request's `moveDetails`
     *     reads into it too (its `elevator` is a boolean, this one's 1/0: both are accepted).
     */
    PriceRequest: {
      destination: components['schemas']['PriceAddress'];
      /**
       * Format: double
       * @description As the client's route call gave them; the server uses its own route (`ResolvedRoute`).
       * @default null
       */
      distance?: number | null;
      /**
       * Format: double
       * @default null
       */
      duration?: number | null;
      /** @default null */
      instructions?: string | null;
      /** @default [] */
      objects?: components['schemas']['RequestedObject'][];
      /**
       * @description 'esential', 'advanced', 'premium', or null.
       * @default null
       * @enum {string|null}
       */
      offerPack?: 'esential' | 'advanced' | 'premium' | null;
      origin: components['schemas']['PriceAddress'];
      /**
       * @default {
       *       "alternativeDate": null,
       *       "flexibleDates": false,
       *       "preferredDate": null,
       *       "timePreference": null
       *     }
       */
      schedule?: components['schemas']['PriceSchedule'];
      /**
       * @default {
       *       "bestPackaging": false,
       *       "cleaning": false,
       *       "dismount": false,
       *       "dismountQuantity": 0,
       *       "fragile": false,
       *       "longStairs": false,
       *       "packaging": false,
       *       "packagingQuantity": 0
       *     }
       */
      services?: components['schemas']['PriceServices'];
    };
    PriceSchedule: {
      /** @default null */
      alternativeDate?: string | null;
      /** @default false */
      flexibleDates?: boolean;
      /**
       * @description YYYY-MM-DD; empty or absent while not chosen yet.
       * @default null
       */
      preferredDate?: string | null;
      /**
       * @description morning, afternoon, evening, flexible; 'normal' or empty is the plain day (§3).
       * @default null
       * @enum {string|null}
       */
      timePreference?: 'morning' | 'afternoon' | 'evening' | 'flexible' | null;
    };
    PriceServices: {
      /** @default false */
      bestPackaging?: boolean;
      /** @default false */
      cleaning?: boolean;
      /** @default false */
      dismount?: boolean;
      /**
       * Format: uint32
       * @default 0
       */
      dismountQuantity?: number;
      /** @default false */
      fragile?: boolean;
      /** @default false */
      longStairs?: boolean;
      /** @default false */
      packaging?: boolean;
      /**
       * Format: uint32
       * @default 0
       */
      packagingQuantity?: number;
    };
    ProcessHealth: {
      /** Format: date-time */
      iniciado_en: string;
      /** Format: uint32 */
      pid: number;
      /** Format: uint64 */
      segundos_en_marcha: number;
    };
    ProfileBody: {
      /** @default  */
      apellido?: string;
      /** @default  */
      ciudad?: string;
      /** @default  */
      codigo_postal?: string;
      /** @default  */
      direccion?: string;
      email_alerts: boolean;
      marketing: boolean;
      /**
       * @description NIF, DNI or NIE for invoices; empty or absent when not given.
       * @default
       */
      nif?: string;
      /** @default  */
      nombre?: string;
      sms_alerts: boolean;
      /** @default  */
      telefono?: string;
    };
    /** @description The profile saved: the account as it now is. */
    ProfileSaved: {
      /** @constant */
      success: true;
      /** @description `null` only if the account vanished meanwhile. */
      user?: components['schemas']['User'] | null;
    };
    /** @description One projector's progress through the log. */
    ProjectionStatus: {
      /** Format: date-time */
      actualizada_en?: string | null;
      /** @description Whether its loop runs in this process (`null`: not run here). */
      en_marcha?: boolean | null;
      /** Format: int64 */
      eventos_pendientes: number;
      nombre: string;
      /** Format: int64 */
      posicion: number;
      /** Format: double */
      retraso_segundos: number;
      tablas: string[];
      ultimo_error?: string | null;
    };
    ProjectionsAnswer: {
      /**
       * Format: int64
       * @description The log's last position.
       */
      cabeza: number;
      eventos_no_aplicados: components['schemas']['SkippedEvent'][];
      proyecciones: components['schemas']['ProjectionStatus'][];
      /** @description The rebuild started from the panel (running, or the last one); `null` before any. */
      reconstruccion?: components['schemas']['RebuildStatus'] | null;
      /** @constant */
      success: true;
    };
    ProjectorCheck: {
      /** Format: double */
      delay_seconds: number;
      failing: boolean;
      name: string;
      ok: boolean;
      /** Format: int64 */
      pending_events: number;
      running: boolean;
    };
    Properties: {
      destination: components['schemas']['PropertyDetails'];
      origin: components['schemas']['PropertyDetails'];
    };
    PropertiesBody: {
      destination?: components['schemas']['PropertyBody'];
      origin?: components['schemas']['PropertyBody'];
    };
    PropertyBody: {
      /** @default normal */
      access?: string;
      /** @default false */
      elevator?: boolean | (0 | 1);
      /** @default ground */
      floor?: string;
      /** @default apartment_1_room */
      property_type?: string;
    };
    PropertyDetails: {
      access: string;
      elevator: boolean;
      floor: string;
      property_type: string;
    };
    PublishedReviews: {
      estadisticas: components['schemas']['ReviewStats'];
      opiniones: components['schemas']['Review'][];
      /** @constant */
      success: true;
    };
    QuoteAddress: {
      access: string;
      address: string;
      elevator: boolean;
      floor: string;
      propertyType: string;
    };
    QuoteConsent: {
      /** @default false */
      contact?: boolean;
      /** @default false */
      marketing?: boolean;
    };
    QuoteContact: {
      email: string;
      name: string;
      phone: string;
      /** @description phone, email or whatsapp. */
      preferredContact: string;
    };
    /**
     * @description `moveDetails`. `estimatedPrice`, the figure the visitor's browser showed, is not read: the
     *     price a quote records is the server's own.
     */
    QuoteDetails: {
      destination?: components['schemas']['QuoteRequestAddress'];
      /**
       * Format: double
       * @default 0
       */
      distance?: number;
      /**
       * Format: double
       * @default 0
       */
      duration?: number;
      /** @default  */
      instructions?: string;
      objects?: components['schemas']['QuoteRequestObject'][];
      /**
       * @default null
       * @enum {string|null}
       */
      offerPack?: 'esential' | 'advanced' | 'premium' | null;
      origin?: components['schemas']['QuoteRequestAddress'];
      schedule?: components['schemas']['QuoteRequestSchedule'];
      services?: components['schemas']['QuoteRequestServices'];
    };
    /** @description A quote's estimate in cents, VAT included (spec §9). */
    QuoteEstimate: {
      /**
       * Format: int64
       * @description What the quote offers: its share of the total (95 %).
       */
      presupuesto_cents: number;
      /**
       * Format: int64
       * @description With an offer pack, the itemised price of the same request by volume without it; `null`
       *     without a pack, or for a pack with no objects to price by volume.
       */
      sin_pack_cents?: number | null;
      /**
       * Format: int64
       * @description The itemised price: the total of the estimate's lines.
       */
      total_cents: number;
    };
    QuoteListParams: {
      estado?: string | null;
    };
    QuoteObject: {
      id: string;
      /** Format: uint32 */
      quantity: number;
    };
    /** @description `POST /api/submit-quote-request`, as web/src/lib/api.ts `QuoteRequest` sends it. */
    QuoteRequest: {
      /** @description The price finder's two checkboxes, each purpose on its own; missing means not given. */
      consent?: components['schemas']['QuoteConsent'];
      contact?: components['schemas']['QuoteRequestContact'];
      moveDetails?: components['schemas']['QuoteDetails'];
      /**
       * @description The referral code of the link the visitor came through (`?ref=`), when there was one.
       * @default
       */
      referralCode?: string;
    };
    /** @description §3 defaults where a field is missing: apartment_1_room, access normal, ground floor. */
    QuoteRequestAddress: {
      /** @default normal */
      access?: string;
      /** @default  */
      address?: string;
      /** @default false */
      elevator?: boolean | (0 | 1);
      /** @default ground */
      floor?: string;
      /** @default apartment_1_room */
      propertyType?: string;
    };
    QuoteRequestContact: {
      /** @default  */
      email?: string;
      /** @default  */
      name?: string;
      /** @default  */
      phone?: string;
      /**
       * @description Empty reads as phone (§3).
       * @default
       * @enum {string}
       */
      preferredContact?: '' | 'phone' | 'email' | 'whatsapp';
    };
    QuoteRequestObject: {
      id: string;
      /** Format: uint32 */
      quantity: number;
    };
    QuoteRequestSchedule: {
      /**
       * Format: date
       * @default null
       */
      alternativeDate?: string | null;
      /** @default false */
      flexibleDates?: boolean;
      /**
       * Format: date
       * @default null
       */
      preferredDate?: string | null;
      /**
       * @description Empty reads as flexible (§3).
       * @default
       * @enum {string}
       */
      timePreference?: '' | 'morning' | 'afternoon' | 'evening' | 'flexible';
    };
    QuoteRequestServices: {
      /** @default false */
      bestPackaging?: boolean;
      /** @default false */
      cleaning?: boolean;
      /** @default false */
      dismount?: boolean;
      /**
       * Format: uint32
       * @default 0
       */
      dismountQuantity?: number;
      /** @default false */
      fragile?: boolean;
      /** @default false */
      longStairs?: boolean;
      /** @default false */
      packaging?: boolean;
      /**
       * Format: uint32
       * @default 0
       */
      packagingQuantity?: number;
    };
    QuoteSchedule: {
      /** Format: date */
      alternativeDate?: string | null;
      flexibleDates: boolean;
      /** Format: date */
      preferredDate: string;
      timePreference: string;
    };
    /**
     * @description Ready: every check passed (a 503 carries `ready: false`, `error`, `not_ready` and the same
     *     `checks`).
     */
    Ready: {
      checks: components['schemas']['Checks'];
      ready: boolean;
      /** @constant */
      success: true;
    };
    RebuildProgress: {
      /** @description `null` before any rebuild. */
      reconstruccion?: components['schemas']['RebuildStatus'] | null;
      /** @constant */
      success: true;
    };
    RebuildStarted: {
      reconstruccion: components['schemas']['RebuildStatus'];
      /** @constant */
      success: true;
    };
    /** @description A rebuild started from the panel, as the panel polls it. */
    RebuildStatus: {
      error?: string | null;
      fase: components['schemas']['Phase'];
      /** Format: date-time */
      iniciada_en: string;
      /**
       * Format: int64
       * @description The checkpoint the rebuild ended at.
       */
      posicion?: number | null;
      /**
       * Format: int64
       * @description Events replayed so far, and how many the log held when the rebuild began.
       */
      procesados: number;
      proyeccion: string;
      /** Format: date-time */
      terminada_en?: string | null;
      /** Format: int64 */
      total: number;
    };
    /** @description A form received: its id. */
    Received: {
      /** Format: uuid */
      id: string;
      /** @constant */
      success: true;
    };
    /** @description A contact message as the managers read it. */
    ReceivedMessage: {
      consent: components['schemas']['GivenConsent'];
      /** Format: date */
      date?: string | null;
      destination: string;
      email: string;
      /** Format: uuid */
      id: string;
      message: string;
      name: string;
      origin: string;
      phone: string;
      /** Format: date-time */
      recibido_en: string;
      /** @enum {string} */
      service_type: 'mudanza_completa' | 'mudanza_parcial' | 'mudanza_oficina' | 'solo_transporte' | 'otros_servicios';
    };
    RedirectBody: {
      tipo: components['schemas']['PaymentKind'];
    };
    /** @description The signed fields of a Redsys redirect. */
    RedsysFields: {
      Ds_MerchantParameters: string;
      Ds_Signature: string;
      Ds_SignatureVersion: string;
    };
    /** @description The form the page posts to the bank's payment page. */
    RedsysForm: {
      campos: components['schemas']['RedsysFields'];
      /** @constant */
      success: true;
      url: string;
    };
    /** @description Redsys's notification as the OpenAPI document shows it (read by `PaymentProvider::notification`). */
    RedsysNotification: {
      /** @description Base64 JSON: Ds_Order, Ds_Amount, Ds_Response, Ds_AuthorisationCode, Ds_Card_Brand… */
      Ds_MerchantParameters: string;
      /** @description HMAC-SHA256, base64url. */
      Ds_Signature: string;
      Ds_SignatureVersion: string;
    };
    RefundBody: {
      /**
       * Format: double
       * @description Euros; the whole rest of the payment when absent.
       */
      importe?: number | null;
      /** @default  */
      motivo?: string;
      /** Format: uuid */
      paymentId: string;
    };
    /** @description The refund recorded: the move now, staff view with prices. */
    Refunded: {
      mudanza: components['schemas']['StaffMove'];
      /** @constant */
      success: true;
    };
    RegisterBody: {
      /**
       * @description The terms of use and privacy policy box; never ticked unless the person ticked it.
       * @default false
       */
      acceptTerms?: boolean;
      /** @default  */
      address?: string;
      /**
       * @description The address's city, filled by the wizard from the address or typed (may be empty).
       * @default
       */
      city?: string;
      /** @default  */
      email?: string;
      /** @default  */
      fullName?: string;
      /** @default  */
      password?: string;
      /** @default  */
      phone?: string;
      /**
       * @description The address's postal code, five digits (may be empty).
       * @default
       */
      postalCode?: string;
      /**
       * @description The referral code of the link the person came through (`?ref=`), when there was one.
       * @default
       */
      referralCode?: string;
    };
    /** @description An account created and logged in; its confirmation code is on its way. */
    Registered: {
      /** Format: int64 */
      expira_en: number;
      /** Format: int64 */
      reenviar_en: number;
      /** @constant */
      success: true;
      /** @description `null` only if the account vanished meanwhile. */
      user?: components['schemas']['User'] | null;
    };
    RequestedObject: {
      id: string;
      /** Format: uint32 */
      quantity: number;
    };
    ResetBody: {
      /** @default  */
      password?: string;
      /** @default  */
      token?: string;
    };
    /** @description A reset link that still works, and the account it is for. */
    ResetLink: {
      email: string;
      /** @constant */
      success: true;
    };
    /** @description A published review as /opiniones shows it (spec §3 'Review'). */
    Review: {
      /** Format: date */
      fecha: string;
      /** Format: int32 */
      helpful_count: number;
      id: string;
      nombre: string;
      /** Format: int16 */
      rating: number;
      recomendaria: boolean;
      texto: string;
      titulo: string;
      ubicacion: string;
      /** @description Written by the client of a finished move (not imported from before). */
      verified: boolean;
    };
    ReviewBody: {
      /**
       * Format: uint8
       * @description 1 to 5 stars.
       */
      rating: number;
      recomendaria: boolean;
      texto: string;
      titulo: string;
    };
    ReviewSent: {
      opinion: components['schemas']['OwnReview'];
      /** Format: int64 */
      position: number;
      /** @constant */
      success: true;
    };
    /** @description The figures of the published reviews. */
    ReviewStats: {
      /**
       * Format: double
       * @description Percent of five-star reviews, to one decimal.
       */
      cinco_estrellas?: number | null;
      /**
       * Format: double
       * @description Average stars, to two decimals; `null` before the first.
       */
      media?: number | null;
      /**
       * Format: double
       * @description Percent who would recommend us, to one decimal.
       */
      recomiendan?: number | null;
      /** Format: int64 */
      total: number;
    };
    /**
     * @description The roles of ARCHITECTURE §6, with their wire names.
     * @enum {string}
     */
    Role: 'cliente' | 'empleado' | 'empresario' | 'admin' | 'auditor';
    /** @description The route between two addresses. */
    RouteStats: {
      /**
       * @description Both addresses inside the M-30, the condition of the offer packs (spec §9): the price
       *     finder offers the packs only then.
       */
      dentro_m30: boolean;
      /**
       * Format: double
       * @description km
       */
      distance: number;
      distance_text: string;
      /**
       * Format: uint32
       * @description minutes
       */
      duration: number;
      duration_text: string;
      /** @description Where the route came from. */
      fuente: string;
      /** @description The route drawn, as a data: URL. */
      image: string;
      /** @constant */
      success: true;
    };
    SearchParams: {
      /** @default null */
      buscar?: string | null;
    };
    SearchQuery: {
      search?: string | null;
    };
    Section: {
      texto: string;
      titulo: string;
    };
    ServiceLine: {
      /** Format: uint32 */
      cantidad: number;
      concepto: string;
    };
    Services: {
      cleaning: boolean;
      dismount: boolean;
      /** Format: uint32 */
      dismount_quantity: number;
      fragile: boolean;
      long_stairs: boolean;
      packaging: boolean;
      /** Format: uint32 */
      packaging_quantity: number;
    };
    SidesBody: {
      destination: components['schemas']['AccessBody'];
      origin: components['schemas']['AccessBody'];
    };
    SignatureBody: {
      etapa: components['schemas']['WaybillStage'];
      firmante: components['schemas']['Signer'];
      /**
       * @description The drawn signature: a PNG in base64 (a `data:image/png;base64,` prefix is accepted), at
       *     most 100 KB decoded and 2000 px a side.
       */
      imagen_png: string;
      /** @description The signer's name, up to 100 characters. */
      nombre: string;
      /** @description The SHA-256 of the waybill content the signer was shown (`albaran_sha256` of the move). */
      sha256_albaran: string;
    };
    /**
     * @description Who signs the waybill at each stage.
     * @enum {string}
     */
    Signer: 'cliente' | 'operario';
    /** @description An event a projector could not apply and skipped. */
    SkippedEvent: {
      error: string;
      flujo: string;
      /** Format: int64 */
      posicion: number;
      proyeccion: string;
      /** Format: date-time */
      registrado_en: string;
      tipo: string;
    };
    /** @description One staff account as the panel lists it. */
    StaffAccount: {
      activa: boolean;
      /** Format: date-time */
      creada_en: string;
      /** Format: date-time */
      desactivada_en?: string | null;
      email?: string | null;
      /** Format: uuid */
      id: string;
      /**
       * Format: int64
       * @description A worker's moves from today on that are neither finished nor cancelled.
       */
      mudanzas_pendientes: number;
      nombre: string;
      /** @enum {string} */
      rol: 'empleado' | 'empresario' | 'admin' | 'auditor';
      usuario?: string | null;
    };
    /**
     * @description When a client booked their move and which booking conditions they accepted. The total they
     *     accepted is in the log; here it would be money that workers must not see.
     */
    StaffBooking: {
      /** Format: date-time */
      aceptada_en: string;
      condiciones_version: string;
    };
    /** @description One staff account after a change. */
    StaffChanged: {
      cuenta: components['schemas']['StaffAccount'];
      /** @constant */
      success: true;
    };
    StaffList: {
      personal: components['schemas']['StaffAccount'][];
      /** @constant */
      success: true;
    };
    /**
     * @description The staff view (spec §3 'Move, staff view'), with prices: `without_prices` strips them for
     *     workers.
     */
    StaffMove: {
      albaran?: string | null;
      /**
       * @description What a signature must accept now: the SHA-256 of the listed objects and services.
       * @default
       */
      albaran_sha256?: string;
      /**
       * @description The payment key (spec §3 `clave_pago`), as shown: `K7MQ-2XPA`.
       * @default null
       */
      clave_pago?: string | null;
      cliente_email: string;
      cliente_nombre: string;
      cliente_telefono: string;
      contacto: components['schemas']['Contact'];
      /** Format: date-time */
      created_at: string;
      destino: string;
      /**
       * Format: date-time
       * @description When the client last completed the move's details (/formulario-mudanza).
       */
      detalles_completados?: string | null;
      estado: components['schemas']['MoveStatus'];
      /**
       * @description The condition of its objects as the crew noted it, oldest first.
       * @default []
       */
      estado_objetos?: components['schemas']['ConditionEntry'][];
      /** @description From the payments: pending (nothing paid), partial, paid. */
      estado_pago?: components['schemas']['PaymentStatus'];
      /** @description The numbers of the move's invoice and waybill, once issued. */
      factura?: string | null;
      /** @description Who the invoice is made out to, as the client gave it in the booking form. */
      facturacion?: components['schemas']['BillingDetails'] | null;
      /** Format: date */
      fecha_alternativa?: string | null;
      /** Format: date */
      fecha_programada: string;
      /**
       * @description The waybill's signatures, in the order they were given.
       * @default []
       */
      firmas?: components['schemas']['StaffSignature'][];
      flexible: boolean;
      /**
       * Format: double
       * @description While cancelled: what the cancellation costs by the notice given (spec §9), 0 when free.
       */
      gastos_cancelacion?: number | null;
      /** Format: int64 */
      gastos_cancelacion_cents?: number | null;
      /**
       * @description Each status the move has had and when it began, from its creation on.
       * @default []
       */
      historial?: components['schemas']['StatusEntry'][];
      /**
       * @description The milestones of the day the crew recorded, in order; a move back to pending or
       *     confirmed starts its day again.
       * @default []
       */
      hitos?: components['schemas']['MilestoneEntry'][];
      /** Format: int64 */
      id: number;
      instructions: string;
      objects: components['schemas']['MovedObject'][];
      origen: string;
      /**
       * Format: double
       * @description Authorised card payments less refunds.
       * @default 0
       */
      pagado?: number;
      /**
       * Format: int64
       * @default 0
       */
      pagado_cents?: number;
      /**
       * Format: double
       * @description The deposit asked for to secure the date.
       */
      pago_adelantado?: number;
      /**
       * Format: double
       * @description What is owed less what was paid: of the total, or, once cancelled, of the cancellation
       *     fee (nothing when the cancellation was free).
       */
      pago_pendiente?: number;
      /**
       * @description Card payments and failed attempts, oldest first.
       * @default []
       */
      pagos?: components['schemas']['StaffPayment'][];
      photos: components['schemas']['StaffPhoto'][];
      precio?: components['schemas']['Price'];
      /** Format: double */
      precio_total?: number;
      property_details: components['schemas']['Properties'];
      /** @description The client's booking (/confirmar-mudanza), once they accepted price and conditions. */
      reserva?: components['schemas']['StaffBooking'] | null;
      services: components['schemas']['Services'];
      /** @description The preferred time slot (morning, afternoon, evening, flexible). */
      time: string;
      /** Format: date-time */
      updated_at: string;
      urgencia: components['schemas']['Urgency'];
      /**
       * Format: int64
       * @description Stream version: what an edit must be decided on.
       */
      version: number;
      worker: string;
      /** Format: uuid */
      workerId?: string | null;
    };
    /**
     * @description One card payment or failed attempt. `estado`: autorizado, reembolsado (wholly or in part:
     *     `reembolsado` says how much) or fallido (with `motivo`).
     */
    StaffPayment: {
      /** @enum {string} */
      estado: 'autorizado' | 'reembolsado' | 'fallido';
      /** Format: date-time */
      fecha: string;
      /** Format: uuid */
      id: string;
      /** Format: double */
      importe: number;
      /** Format: int64 */
      importe_cents: number;
      marca: string;
      motivo?: string | null;
      proveedor: string;
      /** Format: double */
      reembolsado: number;
      /** Format: int64 */
      reembolsado_cents: number;
      /** @description anticipo or pendiente; `null` for a payment recorded before kinds were. */
      tipo?: components['schemas']['PaymentKind'] | null;
      ultimos4: string;
    };
    StaffPhoto: {
      descripcion: string;
      /** Format: date-time */
      fecha_subida: string;
      /** Format: uuid */
      id: string;
      /** @description The waybill object and stage it documents, if any (issue 21). */
      objeto?: components['schemas']['PhotoObject'] | null;
      tipo: string;
      url: string;
    };
    /** @description A signature on the waybill; the image is served from the log by its event (`url`). */
    StaffSignature: {
      etapa: components['schemas']['WaybillStage'];
      /**
       * Format: date-time
       * @description When it was signed, by the phone's clock (when the server stored it is the event's
       *     `recorded_at`, which the waybill shows beside it).
       */
      firmado_en: string;
      firmante: components['schemas']['Signer'];
      /**
       * Format: uuid
       * @description The signature's event.
       */
      id: string;
      nombre: string;
      /** @description The content it accepts (`events_schema::waybill::accepted_sha256`). */
      sha256_albaran: string;
      url: string;
    };
    /** @description What was recorded of a claimed object at one stage. */
    StageRecords: {
      fotos: components['schemas']['StaffPhoto'][];
      notas: components['schemas']['ConditionEntry'][];
    };
    /** @description The move as it was at an instant, replayed from the log. */
    StateAsOf: {
      /** Format: date-time */
      en: string;
      estado: components['schemas']['StaffMove'];
      /** Format: uint */
      eventos_aplicados: number;
      /** Format: uint */
      eventos_totales: number;
      /** Format: int64 */
      mudanza_id: number;
      /** Format: int64 */
      posicion: number;
      /** @constant */
      success: true;
      ultimo_evento: components['schemas']['LastEvent'];
      /** Format: int64 */
      version: number;
    };
    StatsQuery: {
      destination?: string | null;
      origin?: string | null;
    };
    StatusBody: {
      /** Format: int64 */
      mudanza_id: number;
      nuevo_estado: string;
    };
    /** @description The status changed: the log position to wait for on the live feed, and the move now. */
    StatusChanged: {
      mudanza: components['schemas']['StaffMove'];
      /** Format: int64 */
      position: number;
      /** @constant */
      success: true;
    };
    /** @description Moves per status of a scope (every move, or one worker's): the staff lists' filter buttons. */
    StatusCounts: {
      /** Format: int64 */
      cancelada: number;
      /** Format: int64 */
      confirmada: number;
      /** Format: int64 */
      'en curso': number;
      /** Format: int64 */
      finalizada: number;
      /** Format: int64 */
      pendiente: number;
      /** Format: int64 */
      todas: number;
    };
    /** @description A status a move had and since when. */
    StatusEntry: {
      estado: components['schemas']['MoveStatus'];
      /** Format: date-time */
      fecha: string;
    };
    /** @description One change of status, oldest first. */
    StatusStep: {
      /**
       * @description Null for the first step (the move was created pending).
       * @enum {string|null}
       */
      anterior: 'pending' | 'confirmed' | 'in_progress' | 'completed' | 'cancelled' | null;
      /** Format: date-time */
      fecha: string;
      por: components['schemas']['By'];
      /** @enum {string} */
      status: 'pending' | 'confirmed' | 'in_progress' | 'completed' | 'cancelled';
    };
    /** @description The request recorded. */
    Submitted: {
      /** Format: uuid */
      quote_id: string;
      /** @description The reference to give on the phone, "P-2026-000123". */
      referencia: string;
      /** @constant */
      success: true;
    };
    /** @description Addresses that match what was typed. */
    Suggestions: {
      data: string[];
      /** @constant */
      success: true;
    };
    /**
     * @description The health of this process and what it depends on: every field is always sent (`null` when
     *     not known), so each is described as required.
     */
    SystemStatus: {
      base_de_datos: components['schemas']['DatabaseHealth'];
      correo: components['schemas']['Part2'];
      feed_en_directo: components['schemas']['LiveHealth'];
      /** Format: date-time */
      generado_en: string;
      proceso: components['schemas']['ProcessHealth'];
      proyecciones: components['schemas']['Part'];
      registro: components['schemas']['LogHealth'];
      /** @constant */
      success: true;
      versiones: components['schemas']['Versions'];
    };
    /** @description The temporary password, shown once to the admin to hand over. */
    TemporaryPassword: {
      password_temporal: string;
      /** @constant */
      success: true;
    };
    TokenParams: {
      /** @default  */
      token?: string;
    };
    /** @description The upload form as the OpenAPI document shows it; `read_upload` reads these names. */
    UploadForm: {
      /** @description Up to 500 characters. */
      descripcion?: string | null;
      /** @description recogida or entrega. */
      etapa?: string | null;
      /** @description The photo: JPEG, PNG, GIF or WebP (told by its content), at most 10 MB. */
      foto: components['schemas']['Archivo'];
      /**
       * Format: int64
       * @description The move's number.
       */
      mudanza_id: number;
      /**
       * @description The waybill object the photo shows the condition of (its id in the move's list), with
       *     `etapa`; both or neither.
       */
      objeto_id?: string | null;
      /** @description general, carga, descarga or incidencia (general when absent). */
      tipo?: string | null;
    };
    /** @description The photo stored, as the move's staff view lists it. */
    Uploaded: {
      foto: components['schemas']['StaffPhoto'];
      /** @constant */
      success: true;
    };
    /** @enum {string} */
    Urgency: 'normal' | 'urgente';
    /** @description The logged-in account, as `auth-status` and the login calls return it (spec §3 'User'). */
    User: {
      ciudad: string;
      codigo_postal: string;
      direccion: string;
      email?: string | null;
      /** Format: uuid */
      id: string;
      isUserEmailConfirmed: boolean;
      /** @description NIF, DNI or NIE for the client's invoices; empty when not given. */
      nif: string;
      nombre: string;
      preferencias: components['schemas']['Preferences'];
      role: components['schemas']['Role'];
      telefono: string;
      username?: string | null;
    };
    Versions: {
      aplicacion: string;
      commit: string | null;
      postgres: string | null;
      rust: string | null;
    };
    /** @description The waybill as issued, numbered and dated. */
    Waybill: {
      /** @description What a signature accepts now (`events_schema::waybill::accepted_sha256`). */
      albaran_sha256: string;
      cliente: components['schemas']['WaybillClient'];
      empresa: components['schemas']['Company'];
      estado_objetos: components['schemas']['ObjectConditionEntry'][];
      /** Format: date */
      fecha_emision: string;
      firmas: components['schemas']['WaybillSignature'][];
      garantia: string;
      mudanza: components['schemas']['WaybillMove'];
      numero_albaran: string;
      objetos: components['schemas']['WaybillObject'][];
      /**
       * Format: double
       * @description Absent for workers, who see no prices.
       */
      precio_con_iva?: number | null;
      resumen_objetos: components['schemas']['WaybillSummary'];
      /** @description Each service in words, its quantity in brackets when more than one. */
      servicios: string[];
    };
    WaybillAnswer: {
      albaran: components['schemas']['Waybill'];
      /** @constant */
      success: true;
    };
    WaybillClient: {
      direccion: string;
      email: string;
      nombre: string;
      telefono: string;
    };
    WaybillMove: {
      destino: string;
      estado: components['schemas']['MoveStatus'];
      /** Format: date */
      fecha_programada: string;
      /** Format: int64 */
      id: number;
      origen: string;
    };
    /**
     * @description An object line; category, size and volume are `null` for an object the catalogue does not
     *     know.
     */
    WaybillObject: {
      /** Format: uint32 */
      cantidad: number;
      categoria?: string | null;
      dimensiones?: string | null;
      nombre: string;
      /** Format: double */
      volumen_m3?: number | null;
    };
    /**
     * @description A signature as the waybill shows it: also when the server stored it (later than signed when
     *     the phone was offline).
     */
    WaybillSignature: {
      etapa: components['schemas']['WaybillStage'];
      /**
       * Format: date-time
       * @description When it was signed, by the phone's clock (when the server stored it is the event's
       *     `recorded_at`, which the waybill shows beside it).
       */
      firmado_en: string;
      firmante: components['schemas']['Signer'];
      /**
       * Format: uuid
       * @description The signature's event.
       */
      id: string;
      nombre: string;
      /** Format: date-time */
      registrado_en: string;
      /** @description The content it accepts (`events_schema::waybill::accepted_sha256`). */
      sha256_albaran: string;
      url: string;
    };
    /**
     * @description The two moments the crew and the client go through the waybill together: loading at the
     *     origin and unloading at the destination.
     * @enum {string}
     */
    WaybillStage: 'recogida' | 'entrega';
    WaybillSummary: {
      /** Format: uint32 */
      total_objetos: number;
      /**
       * Format: double
       * @description `null` when an object's volume is unknown.
       */
      volumen_total_m3?: number | null;
    };
    Worker: {
      /** Format: uuid */
      id: string;
      nombre: string;
      role: components['schemas']['Role'];
      username?: string | null;
    };
    WorkerListParams: {
      /**
       * Format: date
       * @default null
       */
      fecha?: string | null;
    };
    /** @description A staff session started: the account, and the part of it the staff panels show. */
    WorkerLoggedIn: {
      /** @constant */
      success: true;
      user: components['schemas']['User'];
      worker: components['schemas']['Worker'];
    };
    WorkerLoginBody: {
      /** @default  */
      password?: string;
      /** @default  */
      role?: string;
      /** @default  */
      username?: string;
    };
    WorkerOnDay: {
      /** Format: uuid */
      id: string;
      /**
       * Format: int64
       * @description The move that keeps them busy that day.
       */
      mudanza_asignada?: number | null;
      nombre: string;
      ocupado: boolean;
      username?: string | null;
    };
    /** @description The active workers, by name, and whether each is already busy on the day asked about. */
    Workers: {
      /** @constant */
      success: true;
      trabajadores: components['schemas']['WorkerOnDay'][];
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
