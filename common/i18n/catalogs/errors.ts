import type { FeatureCatalog } from '../catalog.js';

/** Texts for the API's error codes, so the client can show any server refusal in the UI's language. */
export const errorsCatalog: FeatureCatalog = {
  fr: {
    'error.VALIDATION_ERROR': 'Certaines informations ne sont pas valides.',
    'error.UNAUTHORIZED': 'Veuillez vous connecter.',
    'error.INVALID_CREDENTIALS': 'E-mail ou mot de passe incorrect.',
    'error.FORBIDDEN': "Vous n'avez pas accès à cette action.",
    'error.NOT_FOUND': 'Introuvable.',
    'error.EMAIL_EXISTS': 'Cet e-mail est déjà utilisé.',
    'error.USERNAME_EXISTS': "Ce nom d'utilisateur est déjà pris.",
    'error.RATE_LIMITED': 'Trop de tentatives. Réessayez dans un instant.',
    'error.SERVICE_UNAVAILABLE':
      'Le service est momentanément indisponible. Réessayez dans quelques secondes.',
    'error.ACCOUNT_DISABLED': 'Ce compte est désactivé.',
    'error.generic': 'Une erreur est survenue. Veuillez réessayer.',
  },
  en: {
    'error.VALIDATION_ERROR': 'Some information is not valid.',
    'error.UNAUTHORIZED': 'Please sign in.',
    'error.INVALID_CREDENTIALS': 'Wrong e-mail or password.',
    'error.FORBIDDEN': 'You are not allowed to do this.',
    'error.NOT_FOUND': 'Not found.',
    'error.EMAIL_EXISTS': 'This e-mail is already in use.',
    'error.USERNAME_EXISTS': 'This username is already taken.',
    'error.RATE_LIMITED': 'Too many attempts. Try again in a moment.',
    'error.SERVICE_UNAVAILABLE': 'The service is briefly unavailable. Try again in a few seconds.',
    'error.ACCOUNT_DISABLED': 'This account is disabled.',
    'error.generic': 'Something went wrong. Please try again.',
  },
  es: {
    'error.VALIDATION_ERROR': 'Algunos datos no son válidos.',
    'error.UNAUTHORIZED': 'Inicia sesión, por favor.',
    'error.INVALID_CREDENTIALS': 'Correo o contraseña incorrectos.',
    'error.FORBIDDEN': 'No tienes permiso para hacer esto.',
    'error.NOT_FOUND': 'No encontrado.',
    'error.EMAIL_EXISTS': 'Este correo ya está en uso.',
    'error.USERNAME_EXISTS': 'Este nombre de usuario ya está ocupado.',
    'error.RATE_LIMITED': 'Demasiados intentos. Inténtalo de nuevo en un momento.',
    'error.SERVICE_UNAVAILABLE':
      'El servicio no está disponible por un momento. Inténtalo de nuevo en unos segundos.',
    'error.ACCOUNT_DISABLED': 'Esta cuenta está desactivada.',
    'error.generic': 'Algo salió mal. Inténtalo de nuevo.',
  },
  de: {
    'error.VALIDATION_ERROR': 'Einige Angaben sind ungültig.',
    'error.UNAUTHORIZED': 'Bitte melde dich an.',
    'error.INVALID_CREDENTIALS': 'E-Mail oder Passwort falsch.',
    'error.FORBIDDEN': 'Dazu bist du nicht berechtigt.',
    'error.NOT_FOUND': 'Nicht gefunden.',
    'error.EMAIL_EXISTS': 'Diese E-Mail wird bereits verwendet.',
    'error.USERNAME_EXISTS': 'Dieser Benutzername ist bereits vergeben.',
    'error.RATE_LIMITED': 'Zu viele Versuche. Versuche es gleich noch einmal.',
    'error.SERVICE_UNAVAILABLE':
      'Der Dienst ist kurz nicht erreichbar. Versuche es in ein paar Sekunden noch einmal.',
    'error.ACCOUNT_DISABLED': 'Dieses Konto ist deaktiviert.',
    'error.generic': 'Etwas ist schiefgelaufen. Bitte versuche es erneut.',
  },
};
