import { catalogFromRows } from '../catalog.js';

/**
 * Texts of the pages the links mailed about an account open (issue 35): a forgotten password, a
 * confirmed address, and the profile's line about that address. The durations quoted are the links'
 * (LINK_VALIDITY_MINUTES in common/api/account-links.ts; account.test.ts keeps them equal).
 */
export const accountCatalog = catalogFromRows({
  'account.forgotPassword': [
    'Mot de passe oublié\u00a0?',
    'Forgot password?',
    '¿Olvidaste tu contraseña?',
    'Passwort vergessen?',
  ],
  'account.linkError': [
    'Le lien n’a pas pu être envoyé.',
    'The link could not be sent.',
    'No se pudo enviar el enlace.',
    'Der Link konnte nicht gesendet werden.',
  ],
  'account.askAgain': [
    'Demander un nouveau lien',
    'Ask for a new link',
    'Pedir un enlace nuevo',
    'Einen neuen Link anfordern',
  ],
  'account.reset.request.title': [
    'Réinitialiser le mot de passe',
    'Reset your password',
    'Restablecer la contraseña',
    'Passwort zurücksetzen',
  ],
  'account.reset.request.text': [
    'Saisissez l’adresse e-mail de votre compte\u00a0: nous vous enverrons un lien pour choisir un nouveau mot de passe.',
    'Enter the e-mail address of your account and we will send you a link to choose a new password.',
    'Escribe la dirección de correo de tu cuenta y te enviaremos un enlace para elegir una contraseña nueva.',
    'Gib die E-Mail-Adresse deines Kontos ein. Wir schicken dir einen Link, mit dem du ein neues Passwort wählst.',
  ],
  'account.reset.request.submit': ['M’envoyer un lien', 'Send me a link', 'Envíame un enlace', 'Link senden'],
  'account.reset.request.sent': [
    'Si un compte utilise cette adresse, un lien est en route. Il est valable 30\u00a0minutes.',
    'If an account uses this address, a link is on its way. It works for 30 minutes.',
    'Si una cuenta usa esta dirección, va de camino un enlace. Sirve durante 30 minutos.',
    'Wenn ein Konto diese Adresse nutzt, ist ein Link unterwegs. Er gilt 30 Minuten lang.',
  ],
  'account.reset.request.remembered': [
    'Vous vous en souvenez\u00a0?',
    'Remembered it?',
    '¿Ya la recuerdas?',
    'Doch wieder eingefallen?',
  ],
  'account.reset.request.login': ['Se connecter', 'Log in', 'Inicia sesión', 'Anmelden'],
  'account.reset.new.title': [
    'Choisir un nouveau mot de passe',
    'Choose a new password',
    'Elige una contraseña nueva',
    'Neues Passwort wählen',
  ],
  'account.reset.new.text': [
    'Une fois le mot de passe enregistré, une session s’ouvre ici et toutes les autres sessions de votre compte sont fermées.',
    'Once it is saved, you are signed in here and every other session of your account ends.',
    'Al guardarla, inicias sesión aquí y se cierran todas las demás sesiones de tu cuenta.',
    'Sobald es gespeichert ist, bist du hier angemeldet und alle anderen Sitzungen deines Kontos enden.',
  ],
  'account.reset.new.password': [
    'Nouveau mot de passe',
    'New password',
    'Contraseña nueva',
    'Neues Passwort',
  ],
  'account.reset.new.confirm': [
    'Confirmer le nouveau mot de passe',
    'Confirm the new password',
    'Confirma la contraseña nueva',
    'Neues Passwort bestätigen',
  ],
  'account.reset.new.submit': [
    'Enregistrer le mot de passe',
    'Save the password',
    'Guardar la contraseña',
    'Passwort speichern',
  ],
  'account.reset.new.error': [
    'Le mot de passe n’a pas pu être changé.',
    'The password could not be changed.',
    'No se pudo cambiar la contraseña.',
    'Das Passwort konnte nicht geändert werden.',
  ],
  'account.reset.done': [
    'Votre nouveau mot de passe est enregistré et vous êtes connecté. Vos autres sessions ont été fermées.',
    'Your new password is saved and you are signed in. Every other session has ended.',
    'Tu contraseña nueva está guardada y has iniciado sesión. Las demás sesiones se han cerrado.',
    'Dein neues Passwort ist gespeichert und du bist angemeldet. Alle anderen Sitzungen wurden beendet.',
  ],
  'account.verify.title': [
    'Confirmation de votre adresse',
    'Confirming your address',
    'Confirmación de tu dirección',
    'Bestätigung deiner Adresse',
  ],
  'account.verify.pending': [
    'Confirmation en cours…',
    'Confirming your address…',
    'Confirmando tu dirección…',
    'Deine Adresse wird bestätigt…',
  ],
  'account.verify.done': [
    'Votre adresse e-mail est confirmée. Merci\u00a0!',
    'Your e-mail address is confirmed. Thank you!',
    'Tu dirección de correo está confirmada. ¡Gracias!',
    'Deine E-Mail-Adresse ist bestätigt. Danke!',
  ],
  'account.verify.error': [
    'L’adresse n’a pas pu être confirmée.',
    'The address could not be confirmed.',
    'No se pudo confirmar la dirección.',
    'Die Adresse konnte nicht bestätigt werden.',
  ],
  'account.verify.already': [
    'Votre adresse e-mail est déjà confirmée.',
    'Your e-mail address is already confirmed.',
    'Tu dirección de correo ya está confirmada.',
    'Deine E-Mail-Adresse ist bereits bestätigt.',
  ],
  'account.verify.toProfile': [
    'Aller à mon profil',
    'Go to my profile',
    'Ir a mi perfil',
    'Zu meinem Profil',
  ],
  'account.verify.home': [
    'Retour à l’accueil',
    'Back to the home page',
    'Volver al inicio',
    'Zurück zur Startseite',
  ],
  'account.email.verified': ['Confirmée', 'Confirmed', 'Confirmada', 'Bestätigt'],
  'account.email.unverified': [
    'Pas encore confirmée',
    'Not confirmed yet',
    'Aún sin confirmar',
    'Noch nicht bestätigt',
  ],
  'account.email.unverifiedText': [
    'Confirmez votre adresse avec le lien que nous y avons envoyé.',
    'Confirm your address with the link we sent to it.',
    'Confirma tu dirección con el enlace que te enviamos.',
    'Bestätige deine Adresse mit dem Link, den wir an sie geschickt haben.',
  ],
  'account.email.resend': [
    'Renvoyer le lien',
    'Send the link again',
    'Enviar el enlace otra vez',
    'Link erneut senden',
  ],
  'account.email.resent': [
    'Un nouveau lien est en route vers {{email}}. Il est valable 3\u00a0jours.',
    'A new link is on its way to {{email}}. It works for 3 days.',
    'Va de camino un enlace nuevo a {{email}}. Sirve durante 3 días.',
    'Ein neuer Link ist an {{email}} unterwegs. Er gilt 3 Tage lang.',
  ],
});
