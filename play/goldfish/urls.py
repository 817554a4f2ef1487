from django.urls import path

from play.goldfish.views import goldfish_page

app_name = "goldfish"

urlpatterns = [path("goldfish/", goldfish_page, name="page")]
