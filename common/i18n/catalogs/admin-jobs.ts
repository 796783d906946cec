import { type CatalogRow, catalogFromRows, type FeatureCatalog } from '../catalog.js';

const texts: Record<string, CatalogRow> = {
  'admin.jobs.title': ['Tâches de fond', 'Background jobs', 'Tareas en segundo plano', 'Hintergrundaufgaben'],
  'adminCatalogue.panel.jobs.title': [
    'Tâches de fond',
    'Background jobs',
    'Tareas en segundo plano',
    'Hintergrundaufgaben',
  ],
  'adminCatalogue.panel.jobs.description': [
    'Le travail que les serveurs font une fois\u00a0: récentes, en échec, à relancer.',
    'Work the servers run once: recent ones, failed ones, a retry.',
    'El trabajo que los servidores hacen una vez: recientes, fallidas, reintentar.',
    'Arbeit, die die Server einmal erledigen: neue, fehlgeschlagene, erneut starten.',
  ],
  'adminJobs.counts': ['Tâches par état', 'Jobs by state', 'Tareas por estado', 'Aufgaben nach Status'],
  'adminJobs.state.queued': ['En attente', 'Queued', 'En cola', 'Wartend'],
  'adminJobs.state.running': ['En cours', 'Running', 'En curso', 'Läuft'],
  'adminJobs.state.done': ['Terminée', 'Done', 'Hecha', 'Erledigt'],
  'adminJobs.state.failed': ['En échec', 'Failed', 'Fallida', 'Fehlgeschlagen'],
  'adminJobs.failed.title': ['Tâches en échec', 'Failed jobs', 'Tareas fallidas', 'Fehlgeschlagene Aufgaben'],
  'adminJobs.failed.empty': [
    'Aucune tâche en échec.',
    'No job has failed.',
    'Ninguna tarea ha fallado.',
    'Keine Aufgabe ist fehlgeschlagen.',
  ],
  'adminJobs.recent.title': ['Tâches récentes', 'Recent jobs', 'Tareas recientes', 'Neueste Aufgaben'],
  'adminJobs.recent.empty': [
    'Aucune tâche pour l’instant.',
    'No jobs yet.',
    'Todavía no hay tareas.',
    'Noch keine Aufgaben.',
  ],
  'adminJobs.col.job': ['Tâche', 'Job', 'Tarea', 'Aufgabe'],
  'adminJobs.col.state': ['État', 'State', 'Estado', 'Status'],
  'adminJobs.col.attempts': ['Essais', 'Attempts', 'Intentos', 'Versuche'],
  'adminJobs.col.due': ['Prévue', 'Due', 'Prevista', 'Fällig'],
  'adminJobs.col.finished': ['Finie', 'Finished', 'Terminada', 'Beendet'],
  'adminJobs.col.error': ['Dernière erreur', 'Last error', 'Último error', 'Letzter Fehler'],
  'adminJobs.attempts': [
    '{{done}} sur {{max}}',
    '{{done}} of {{max}}',
    '{{done}} de {{max}}',
    '{{done}} von {{max}}',
  ],
  'adminJobs.attemptsMade': [
    'essai {{done}} sur {{max}}',
    'attempt {{done}} of {{max}}',
    'intento {{done}} de {{max}}',
    'Versuch {{done}} von {{max}}',
  ],
  'adminJobs.failedOn': [
    'échec le {{when}}',
    'failed {{when}}',
    'falló el {{when}}',
    'fehlgeschlagen am {{when}}',
  ],
  'adminJobs.retry': ['Relancer', 'Retry', 'Reintentar', 'Erneut starten'],
  'adminJobs.error.load': [
    'Impossible de charger les tâches.',
    'The jobs could not be loaded.',
    'No se pudieron cargar las tareas.',
    'Die Aufgaben konnten nicht geladen werden.',
  ],
  'adminJobs.error.retry': [
    'Impossible de relancer cette tâche.',
    'This job could not be retried.',
    'No se pudo reintentar esta tarea.',
    'Diese Aufgabe konnte nicht erneut gestartet werden.',
  ],
  'adminJobs.kind.sessions.prune': [
    'Nettoyage des sessions expirées',
    'Pruning expired sessions',
    'Limpieza de sesiones caducadas',
    'Abgelaufene Sitzungen entfernen',
  ],
  'adminJobs.kind.jobs.prune': [
    'Nettoyage des anciennes tâches',
    'Pruning old jobs',
    'Limpieza de tareas antiguas',
    'Alte Aufgaben entfernen',
  ],
};

/** The back-office's jobs screen (and its card on the admin panel). */
export const adminJobsCatalog: FeatureCatalog = catalogFromRows(texts);
