"""Account URLs. Django's auth views keep their usual un-namespaced names (login, logout,
password_reset, password_reset_confirm…), which its views and mails reverse."""

from django.contrib.auth import views as auth_views
from django.urls import include, path

from accounts import views
from accounts.forms import LimitedAuthenticationForm

urlpatterns = [
    path("registro/", views.signup, name="signup"),
    path("clave-api/", views.api_token, name="api-token"),
    # Django's login view with attempts limited; the rest of django.contrib.auth.urls as they are.
    path("login/", auth_views.LoginView.as_view(authentication_form=LimitedAuthenticationForm), name="login"),
    path("", include("django.contrib.auth.urls")),
]
