"""Django's own account messages, listed so `makemessages` copies them into locale/es, where they
are reworded with «tú» like the rest of the site (Django's Spanish uses «usted»). Nothing imports
this module: gettext_noop only marks the strings for extraction."""

from django.utils.translation import gettext_noop

TU_WORDING = [
    gettext_noop("Enter the same password as before, for verification."),
    gettext_noop("Your old password was entered incorrectly. Please enter it again."),
    gettext_noop("Your password can’t be too similar to your other personal information."),
    gettext_noop("Your password can’t be a commonly used password."),
    gettext_noop("Your password can’t be entirely numeric."),
    gettext_noop("Enter new password"),
    gettext_noop(
        "Please enter a correct %(username)s and password. Note that both fields may be case-sensitive."
    ),
    gettext_noop(
        "Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters."
    ),
    gettext_noop("Enter a valid email address."),
    gettext_noop("Enter a whole number."),
    gettext_noop("Enter a valid value."),
    gettext_noop("Required. 150 characters or fewer. Letters, digits and @/./+/-/_ only."),  # "carácteres"
]


def _plural_wording(n: int) -> str:  # never called: marks Django's plural message for extraction
    from django.utils.translation import ngettext

    return ngettext(
        "Your password must contain at least %(min_length)d character.",
        "Your password must contain at least %(min_length)d characters.",
        n,
    )
