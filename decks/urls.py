from django.urls import path

app_name = "decks"

urlpatterns: list = []
