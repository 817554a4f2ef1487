"""Account URLs, mounted by the site under /cuenta/ (eliria_site/urls.py). Django's auth views keep
their usual un-namespaced names (login, logout, password_reset, password_reset_confirm…), which its
views and mails reverse, so this module sets no app_name."""

from django.contrib.auth import views as auth_views
from django.urls import include, path

from accounts import views
from accounts.forms import LoginForm
from common.throttling import throttle_view

urlpatterns = [
    path("registro/", views.signup, name="signup"),
    path("clave-api/", views.api_token, name="api-token"),
    # Django's login view (lockouts by django-axes); reset mails limited per client address; the rest
    # of django.contrib.auth.urls as they are.
    path("login/", auth_views.LoginView.as_view(authentication_form=LoginForm), name="login"),
    path("password_reset/", throttle_view("password_reset")(auth_views.PasswordResetView.as_view()),
         name="password_reset"),
    path("", include("django.contrib.auth.urls")),
]
