"""Account URLs. Django's auth views keep their usual un-namespaced names (login, logout,
password_reset, password_reset_confirm…), which its views and mails reverse."""

from django.urls import include, path

from accounts import views

urlpatterns = [
    path("registro/", views.signup, name="signup"),
    path("clave-api/", views.api_token, name="api-token"),
    path("", include("django.contrib.auth.urls")),
]
